package main

// explainAvailable reports whether solve --explain works.
const explainAvailable = true
