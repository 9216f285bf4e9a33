module example.com/gc

go 1.25
