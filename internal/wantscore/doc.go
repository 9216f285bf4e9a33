// Package wantscore scores an analyzer on a labelled set: a package of
// analysistest's testdata whose `// want` comments mark the findings,
// every other comparison a look-alike that must not be reported. Where
// analysistest fails on the first miss, Score counts the expectations
// met and the reports that no expectation asked for.
package wantscore
