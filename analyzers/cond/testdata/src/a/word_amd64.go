package a

const wordBytes = 8
