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
// The solver is incremental: after a call to Solve, clauses may be added
// (for instance one that blocks the model found) and Solve called again.
// SolveAssuming solves under assumptions, as MiniSat does: the assumed
// literals are the first decisions, the clauses learned stay valid without
// them, and when the assumptions cannot all hold, Core names a subset of
// them that the clauses refute, found by following the implication graph
// of the failed assumption back to the assumptions decided before it (the
// final conflict of MiniSat's analyzeFinal).
//
// A Propagator (propagator.go) adds a constraint that is not written as
// clauses: it runs after unit propagation, its implied literals join the
// trail, and their reasons are asked of it only when conflict analysis
// needs them (lazy clause generation).
package sat
