module github.com/gecmetric/gecmetric

go 1.24

require github.com/urfave/cli/v3 v3.14.0
