// Package ecmult holds the scalar-multiplication engines of secp256k1,
// named by role as in libsecp256k1, on the types of internal/field,
// internal/scalar and internal/group.
//
// The files by role, each built on the ones above it: a file uses only its
// own declarations and those of the files listed before it (layout_test.go
// checks the order).
//
//	common.go                  what several engines share: grow, invalidSum, setGlobalZ
//	gen_*k.go                  the comb's table shape, one file per build tag
//	gen.go                     k·G in constant time, a blinded signed-digit comb
//	const.go                   k·P and x(k·P) in constant time (GLV, signed windows)
//	gtables.go                 the odd multiples of G and 2¹²⁸·G, for Strauss
//	table.go                   a point's prebuilt Strauss table, Table
//	strauss.go                 Strauss–wNAF: a·A + b·G and sums of a few points
//	xequals.go                 ECDSA's x(R) ≡ r check without inversion
//	lanes.go                   what the lane engines share; conversions to and from the lanes
//	gen8.go, gen16.go          eight and sixteen k·G at once; ScalarBaseMultMany
//	const8.go, const16.go      eight and sixteen k·P at once
//	strauss8.go, strauss16.go  eight and sixteen a·A + b·G at once
//	liftx16.go                 sixteen lift_x at once; LiftXAll
//	pippenger_digits.go        Pippenger: the windows' signed digits, their width
//	pippenger_buckets.go       Pippenger: the affine buckets, for both paths
//	pippenger_lanes_*.go       Pippenger: the lane passes' IFMA assembly, or none
//	pippenger_lanes.go         Pippenger: affine batches on eight lanes
//	pippenger_affine.go        Pippenger: affine batches, one element at a time
//	pippenger.go               Pippenger: inputs, work units, Jacobian buckets
//	msm.go                     VarTimeMultiScalarMult: Strauss or Pippenger
//
// The variable-time multiplications of a few points are named by the
// number of variable points, with a G for a generator term:
//
//	VarTimeMult1G       a·A + b·G
//	VarTimeMult2        a·A + b·B
//	VarTimeMult2G       a·A + b·B + g·G
//	VarTimeMult2GTable  a·A + b·B + g·G, B given by its prebuilt Table
//
// A suffix 8 or 16 counts the multiplications done at once on lanes, as in
// VarTimeMult1G8, VarTimeMult1G16, ScalarBaseMult8 and ScalarMult16.
//
// Functions without a VarTime prefix are constant time in their scalars and
// points. The root package's Point methods and the protocol packages call
// these engines directly. docs/ecmult.md and docs/msm.md derive them.
package ecmult
