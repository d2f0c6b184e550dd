// Package record holds the JSON records that the command line prints and
// the web API returns, one vocabulary for every family: a Head (file, line,
// name, status, error, reason) first, sizes as rows and cols (n for
// queens), cells as {"row","col"} from 0, counts named count, lists named in
// the plural, seeds as strings and the work done in stats with time_ms.
// docs/json.md describes it and docs/schema holds the JSON Schema that tests
// hold every record to.
package record
