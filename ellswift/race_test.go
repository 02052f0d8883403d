//go:build race

package ellswift

// raceEnabled is set under the race detector, whose instrumentation changes
// escape analysis (allocation counts are then meaningless).
const raceEnabled = true
