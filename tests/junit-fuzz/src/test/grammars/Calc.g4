// Arithmetic, left-recursive as ANTLR allows (fuzz.GrammarCalc's language).
grammar Calc;

expr
    : expr ('*' | '/') expr
    | expr ('+' | '-') expr
    | '-' expr
    | '(' expr ')'
    | INT
    ;

INT : [0-9]+ ;
WS  : [ \t\r\n]+ -> skip ;
