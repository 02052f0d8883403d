//go:build purego

package main

// buildTags are the build tags of this test binary that change what the
// command does, for TestMain's build of the command: with purego, the
// command's field arithmetic is the generic Go, as the test's is.
const buildTags = "purego"
