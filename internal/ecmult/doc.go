// Package ecmult holds the scalar-multiplication engines of secp256k1,
// named by role as in libsecp256k1, on the types of internal/field,
// internal/scalar and internal/group:
//
//   - gen.go: k·G in constant time, a blinded signed-digit comb; the table
//     shape is set per build tag in gen_86k.go, gen_22k.go and gen_2k.go.
//   - const.go: k·P in constant time (GLV, signed windows) and the x
//     coordinate of k·P from the x coordinate of P alone.
//   - strauss.go and gtables.go: Strauss–wNAF for a·A + b·G and small
//     multi-scalar multiplications, with the tables of G and 2¹²⁸·G;
//     strauss8.go: eight a·A + b·G at once on the lanes of internal/group8;
//     xequals.go: ECDSA's x(R) ≡ r check without inversion.
//   - pippenger.go and pippenger_affine.go: Pippenger's bucket method for
//     many points; msm.go chooses between the two.
//
// Functions without a VarTime prefix are constant time in their scalars and
// points. The root package's Point methods and the protocol packages call
// these engines directly. docs/ecmult.md and docs/msm.md derive them.
package ecmult
