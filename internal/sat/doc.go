// Package sat is a conflict-driven clause-learning (CDCL) satisfiability
// solver for problems that other packages encode as clauses, such as the
// nonogram line automata.
//
// It follows MiniSat (Eén and Sörensson, "An Extensible SAT-solver", SAT
// 2003): two watched literals per clause with a blocking literal, binary
// clauses propagated from the watch lists without touching the clause,
// first-UIP conflict analysis with recursive minimisation of the learned
// clause, VSIDS variable activity in a binary heap, saved phases, and
// restarts when the glue of recent learned clauses rises well above its
// long-run average (Glucose's policy, with moving averages). Learned clauses are ranked by their
// literal block distance ("glue", Audemard and Simon, "Predicting Learnt
// Clauses Quality in Modern SAT Solvers", IJCAI 2009); at restarts the worse
// half of those with glue above 2 is deleted, and clauses satisfied at the
// root are removed.
//
// The solver is incremental in the one way solution counting needs: after
// a model is found, clauses may be added (for instance one that blocks the
// model) and Solve called again.
package sat
