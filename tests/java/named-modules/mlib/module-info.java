// A library module: one exported package, one internal one. Its classes, instrumented, store
// into the agent's probe holders in the boot loader's unnamed module, which a named module does
// not read by default; this program checks that they still run and are counted.
module mlib {
    exports mlib.core;
}
