//go:build race

package testref

// RaceEnabled is set under the race detector, whose instrumentation changes
// escape analysis: allocation counts are then meaningless.
const RaceEnabled = true
