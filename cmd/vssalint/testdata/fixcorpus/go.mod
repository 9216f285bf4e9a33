module fixcorpus

go 1.22
