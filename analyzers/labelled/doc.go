// Package labelled holds a labelled corpus for vssa's analyzers and the
// test that measures them on it (testdata/src/ANALYZER): code written
// for it after patterns seen in the standard library and in real
// repositories, where every line an analyzer should report is marked
// `// label: report (why)` and every line a report would be false on is
// marked `// label: quiet (why)`. The test runs each analyzer on its
// directory: a report on a report line is true (the finding is found),
// one on a quiet line is false, a report line without one is missed,
// and a report on an unlabelled line fails the test (every report is
// labelled). It computes precision and recall per analyzer and checks
// them against the table in docs/precision.md, which publishes them.
package labelled
