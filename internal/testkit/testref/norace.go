//go:build !race

package testref

// RaceEnabled is set under the race detector (race.go).
const RaceEnabled = false
