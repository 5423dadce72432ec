module github.com/tessera-opt/tessera

go 1.26.8
