//go:build purego || !amd64

package ecmult

// This build has no assembly.
func lanesAsm() bool { return false }

func lanePrefixIFMA(den, prefix, ax, qx *[5][8]uint64, special *uint8, buckets, points *aff52, eb, ep *int32, groups int) {
	panic("ecmult: no assembly in this build")
}

func laneApplyIFMA(inv, den, prefix, ax, qx *[5][8]uint64, special *uint8, buckets, points *aff52, eb, ep *int32, groups int) {
	panic("ecmult: no assembly in this build")
}
