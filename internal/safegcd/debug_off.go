//go:build !kestrel_debug

package safegcd

// debugEnabled is internal/debug.Enabled (TestDebugSwitch checks it): this
// package keeps its own copy so that it imports no other package of the
// module and field and scalar, which import it, sit one step lower.
const debugEnabled = false
