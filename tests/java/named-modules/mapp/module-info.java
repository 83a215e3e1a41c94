module mapp {
    requires mlib;
}
