// Gives the fixture a module-info.class (CONSTANT_Module / CONSTANT_Package).
module sample { exports sample; requires java.base; }
