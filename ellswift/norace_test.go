//go:build !race

package ellswift

const raceEnabled = false
