module github.com/tessera-opt/tessera

go 1.26.8

require go.yaml.in/yaml/v3 v3.0.6
