package tagged
