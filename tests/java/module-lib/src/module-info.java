/** A library that says what its API is: modlib.internal is public Java, but not exported. */
module modlib {
    exports modlib.api;
}
