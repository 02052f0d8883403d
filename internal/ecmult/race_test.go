//go:build race

package ecmult

// raceEnabled is set under the race detector, whose sync.Pool drops items at
// random: the allocation tests of the pooled scratch skip.
const raceEnabled = true
