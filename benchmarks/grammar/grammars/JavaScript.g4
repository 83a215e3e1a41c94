// A JavaScript subset (ES5 with Rhino's `for each`), adapted from grammars-v4's
// JavaScriptParser.g4 / JavaScriptLexer.g4: statements, function declarations and
// expressions, object and array literals (getters and setters too), every ES5 operator with
// its precedence given by the order of singleExpression's alternatives (ANTLR's left-recursive
// form). No regular expression literals, no ES6 (Rhino's default language version has neither
// `let` nor arrow functions), no automatic semicolon insertion: every statement ends in `;`.
grammar JavaScript;

program : sourceElement* ;

sourceElement
    : statement
    | functionDeclaration
    ;

statement
    : block
    | variableStatement
    | ';'
    | expressionStatement
    | ifStatement
    | iterationStatement
    | 'continue' Identifier? ';'
    | 'break' Identifier? ';'
    | 'return' expressionSequence? ';'
    | 'with' '(' expressionSequence ')' statement
    | Identifier ':' statement
    | switchStatement
    | 'throw' expressionSequence ';'
    | tryStatement
    | 'debugger' ';'
    ;

block : '{' statement* '}' ;

variableStatement : 'var' variableDeclarationList ';' ;

variableDeclarationList : variableDeclaration (',' variableDeclaration)* ;

variableDeclaration : Identifier ('=' singleExpression)? ;

expressionStatement : expressionSequence ';' ;

ifStatement : 'if' '(' expressionSequence ')' statement ('else' statement)? ;

iterationStatement
    : 'do' statement 'while' '(' expressionSequence ')' ';'
    | 'while' '(' expressionSequence ')' statement
    | 'for' '(' expressionSequence? ';' expressionSequence? ';' expressionSequence? ')' statement
    | 'for' '(' 'var' variableDeclarationList ';' expressionSequence? ';' expressionSequence? ')' statement
    | 'for' '(' leftHandSide 'in' expressionSequence ')' statement
    | 'for' '(' 'var' variableDeclaration 'in' expressionSequence ')' statement
    | 'for' 'each' '(' 'var'? Identifier 'in' expressionSequence ')' statement
    ;

switchStatement : 'switch' '(' expressionSequence ')' caseBlock ;

caseBlock : '{' caseClause* (defaultClause caseClause*)? '}' ;

caseClause : 'case' expressionSequence ':' statement* ;

defaultClause : 'default' ':' statement* ;

tryStatement
    : 'try' block catchProduction
    | 'try' block catchProduction? finallyProduction
    ;

catchProduction : 'catch' '(' Identifier ')' block ;

finallyProduction : 'finally' block ;

functionDeclaration : 'function' Identifier '(' formalParameterList? ')' functionBody ;

formalParameterList : Identifier (',' Identifier)* ;

functionBody : '{' sourceElement* '}' ;

arrayLiteral : '[' elementList? ']' ;

elementList : ','* singleExpression (','+ singleExpression)* ','* ;

objectLiteral : '{' (propertyAssignment (',' propertyAssignment)* ','?)? '}' ;

propertyAssignment
    : propertyName ':' singleExpression
    | 'get' propertyName '(' ')' functionBody
    | 'set' propertyName '(' Identifier ')' functionBody
    ;

propertyName
    : Identifier
    | StringLiteral
    | numericLiteral
    ;

arguments : '(' (singleExpression (',' singleExpression)*)? ')' ;

expressionSequence : singleExpression (',' singleExpression)* ;

// What may stand left of an assignment, `++`/`--` or `for (... in`.
leftHandSide
    : Identifier
    | singleExpression '.' Identifier
    | singleExpression '[' expressionSequence ']'
    ;

singleExpression
    : 'function' Identifier? '(' formalParameterList? ')' functionBody
    | singleExpression '[' expressionSequence ']'
    | singleExpression '.' Identifier
    | singleExpression arguments
    | 'new' singleExpression arguments?
    | leftHandSide '++'
    | leftHandSide '--'
    | 'delete' singleExpression
    | 'void' singleExpression
    | 'typeof' singleExpression
    | '++' leftHandSide
    | '--' leftHandSide
    | '+' singleExpression
    | '-' singleExpression
    | '~' singleExpression
    | '!' singleExpression
    | singleExpression ('*' | '/' | '%') singleExpression
    | singleExpression ('+' | '-') singleExpression
    | singleExpression ('<<' | '>>' | '>>>') singleExpression
    | singleExpression ('<' | '>' | '<=' | '>=') singleExpression
    | singleExpression 'instanceof' singleExpression
    | singleExpression 'in' singleExpression
    | singleExpression ('==' | '!=' | '===' | '!==') singleExpression
    | singleExpression '&' singleExpression
    | singleExpression '^' singleExpression
    | singleExpression '|' singleExpression
    | singleExpression '&&' singleExpression
    | singleExpression '||' singleExpression
    | singleExpression '?' singleExpression ':' singleExpression
    | leftHandSide '=' singleExpression
    | leftHandSide assignmentOperator singleExpression
    | 'this'
    | Identifier
    | literal
    | arrayLiteral
    | objectLiteral
    | '(' expressionSequence ')'
    ;

assignmentOperator
    : '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '>>>=' | '&=' | '^=' | '|='
    ;

literal
    : 'null'
    | 'true'
    | 'false'
    | StringLiteral
    | numericLiteral
    ;

numericLiteral
    : DecimalLiteral
    | HexIntegerLiteral
    ;

HexIntegerLiteral : '0' [xX] HexDigit+ ;

DecimalLiteral
    : DecimalIntegerLiteral '.' [0-9]* ExponentPart?
    | '.' [0-9]+ ExponentPart?
    | DecimalIntegerLiteral ExponentPart?
    ;

StringLiteral
    : '"' DoubleStringCharacter* '"'
    | '\'' SingleStringCharacter* '\''
    ;

Identifier : [a-zA-Z_$] [a-zA-Z0-9_$]* ;

fragment DoubleStringCharacter : ~["\\\r\n] | '\\' EscapeSequence ;
fragment SingleStringCharacter : ~['\\\r\n] | '\\' EscapeSequence ;
fragment EscapeSequence
    : ["'\\bfnrtv0]
    | 'x' HexDigit HexDigit
    | 'u' HexDigit HexDigit HexDigit HexDigit
    ;
fragment HexDigit : [0-9a-fA-F] ;
fragment DecimalIntegerLiteral : '0' | [1-9] [0-9]* ;
fragment ExponentPart : [eE] [+-]? [0-9]+ ;

WhiteSpace : [ \t\r\n]+ -> skip ;
MultiLineComment : '/*' .*? '*/' -> skip ;
// Ends with its line end, so a comment put between two tokens does not swallow the rest.
SingleLineComment : '//' ~[\r\n]* '\n' -> skip ;
