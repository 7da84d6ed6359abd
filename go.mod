module github.com/gecmetric/gecmetric

go 1.25

require (
	github.com/jdkato/prose/v3 v3.2.3
	github.com/pmezard/go-difflib v1.0.0
	github.com/urfave/cli/v3 v3.14.0
)
