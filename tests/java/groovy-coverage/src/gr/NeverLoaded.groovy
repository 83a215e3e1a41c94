package gr

// Never loaded by the program: reported from the class files alone, all missed.

class NeverLoaded {
    int n

    int twice() { n > 0 ? n * 2 : 0 }

    String name(String s) { s?.toUpperCase() ?: 'none' }
}
