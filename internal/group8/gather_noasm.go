//go:build !amd64 || purego

package group8

func gather8IFMA(v, t *Affine8, d *[8]int32) { panic("group8: no assembly in this build") }
func gatherAffine8IFMA(v *Affine8, t *Affine64, d *[8]int32) {
	panic("group8: no assembly in this build")
}
