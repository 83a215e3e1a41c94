// CSV as RFC 4180 describes it, with LF as well as CRLF line ends and an optional last line
// end (after grammars-v4's CSV.g4). No `-> skip` rule: nothing is inserted between tokens.
grammar Csv;

csvFile : hdr row* lastRow? ;

hdr : row ;

row : field (',' field)* EOL ;

lastRow : field (',' field)* ;

field
    : TEXT
    | STRING
    |
    ;

EOL : '\r'? '\n' ;

// A field without quotes: anything but a separator, a quote or a line end.
TEXT : ~[,"\r\n]+ ;

// A quoted field: a quote is written twice; separators and line ends may appear inside.
STRING : '"' ('""' | ~'"')* '"' ;
