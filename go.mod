module puzzle

go 1.26
