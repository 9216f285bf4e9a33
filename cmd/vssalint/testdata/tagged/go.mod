module tagged

go 1.22
