// An SQL subset that H2 2.2 accepts, written for this benchmark (the H2 harness's schema:
// tables T1(ID, NAME, PRICE, CREATED), T2(ID, T1_ID, QTY, NOTE) and view V1(ID, NAME, QTY),
// whose names the grammar prefers, so that statements get past name resolution).
// Statements: SELECT (joins, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT/OFFSET/FETCH, set
// operations, WITH), INSERT, UPDATE, DELETE, MERGE, CREATE TABLE, CREATE INDEX, ALTER TABLE,
// DROP TABLE; expressions with SQL's operators (precedence by the order of expr's
// alternatives, ANTLR's left-recursive form), predicates, function calls, aggregates and
// window functions, CASE, CAST. Keywords are upper case (H2 reads them in any case).
// Left out on purpose: functions that read or write files (the harness skips them anyway),
// REPEAT/SPACE (a huge constant count is folded at prepare time: an OutOfMemoryError).
grammar H2Sql;

sql : statement (';' statement)* ';'? ;

statement
    : query
    | insertStatement
    | updateStatement
    | deleteStatement
    | mergeStatement
    | createTableStatement
    | createIndexStatement
    | alterTableStatement
    | dropTableStatement
    ;

// ---- queries

query : withClause? queryExpression orderBy? limitClause? ;

withClause : 'WITH' 'RECURSIVE'? cte (',' cte)* ;

cte : Identifier ('(' columnList ')')? 'AS' '(' query ')' ;

queryExpression
    : queryExpression ('UNION' 'ALL'? | 'EXCEPT' | 'MINUS' | 'INTERSECT') queryExpression
    | querySpecification
    | '(' query ')'
    | 'VALUES' rowValues (',' rowValues)*
    | 'TABLE' tableName
    ;

querySpecification
    : 'SELECT' setQuantifier? selectList fromClause? whereClause? groupBy? havingClause? windowClause?
    ;

setQuantifier : 'DISTINCT' | 'ALL' | 'DISTINCT' 'ON' '(' expr (',' expr)* ')' ;

selectList : selectItem (',' selectItem)* ;

selectItem
    : '*'
    | correlation '.' '*'
    | expr ('AS'? alias)?
    ;

fromClause : 'FROM' tableReference (',' tableReference)* ;

tableReference : tablePrimary joinPart* ;

tablePrimary
    : tableName ('AS'? alias)?
    | '(' query ')' 'AS'? alias
    | 'TABLE' '(' Identifier dataType '=' arrayValue ')'
    | 'SYSTEM_RANGE' '(' expr ',' expr ')' ('AS'? alias)?
    ;

joinPart
    : joinType? 'JOIN' tablePrimary ('ON' expr | 'USING' '(' columnList ')')
    | 'CROSS' 'JOIN' tablePrimary
    | 'NATURAL' 'JOIN' tablePrimary
    ;

joinType : 'INNER' | 'LEFT' 'OUTER'? | 'RIGHT' 'OUTER'? | 'FULL' 'OUTER'? ;

whereClause : 'WHERE' expr ;

groupBy : 'GROUP' 'BY' expr (',' expr)* ;

havingClause : 'HAVING' expr ;

windowClause : 'WINDOW' Identifier 'AS' '(' windowSpecification ')' ;

orderBy : 'ORDER' 'BY' orderItem (',' orderItem)* ;

orderItem : expr ('ASC' | 'DESC')? ('NULLS' ('FIRST' | 'LAST'))? ;

limitClause
    : 'LIMIT' expr ('OFFSET' expr)?
    | 'OFFSET' expr ('ROW' | 'ROWS') fetchClause?
    | fetchClause
    ;

fetchClause : 'FETCH' ('FIRST' | 'NEXT') expr? 'PERCENT'? ('ROW' | 'ROWS') ('ONLY' | 'WITH' 'TIES') ;

// ---- data change

insertStatement
    : 'INSERT' 'INTO' tableName ('(' columnList ')')? ('VALUES' rowValues (',' rowValues)* | query | 'DEFAULT' 'VALUES')
    | 'INSERT' 'INTO' tableName 'SET' setItem (',' setItem)*
    ;

rowValues : '(' expr (',' expr)* ')' | expr ;

updateStatement : 'UPDATE' tableName ('AS'? alias)? 'SET' setItem (',' setItem)* whereClause? ('LIMIT' expr)? ;

setItem : columnName '=' (expr | 'DEFAULT') | '(' columnList ')' '=' '(' (query | expr (',' expr)*) ')' ;

deleteStatement : 'DELETE' 'FROM' tableName ('AS'? alias)? whereClause? ('LIMIT' expr)? ;

mergeStatement
    : 'MERGE' 'INTO' tableName ('(' columnList ')')? ('KEY' '(' columnList ')')? ('VALUES' rowValues (',' rowValues)* | query)
    | 'MERGE' 'INTO' tableName ('AS'? alias)? 'USING' tablePrimary 'ON' expr mergeWhen+
    ;

mergeWhen
    : 'WHEN' 'MATCHED' ('AND' expr)? 'THEN' ('UPDATE' 'SET' setItem (',' setItem)* | 'DELETE')
    | 'WHEN' 'NOT' 'MATCHED' ('AND' expr)? 'THEN' 'INSERT' ('(' columnList ')')? 'VALUES' rowValues
    ;

// ---- definitions

createTableStatement
    : 'CREATE' ('MEMORY' | 'CACHED' | 'LOCAL'? 'TEMPORARY')? 'TABLE' ('IF' 'NOT' 'EXISTS')? Identifier
      '(' tableElement (',' tableElement)* ')'
    | 'CREATE' 'TABLE' ('IF' 'NOT' 'EXISTS')? Identifier ('(' columnList ')')? 'AS' '(' query ')' ('WITH' 'NO'? 'DATA')?
    ;

tableElement : columnDefinition | tableConstraint ;

columnDefinition
    : columnName dataType ('DEFAULT' expr)? ('GENERATED' 'ALWAYS' 'AS' '(' expr ')')? ('NOT'? 'NULL')?
      ('PRIMARY' 'KEY' | 'UNIQUE')? ('CHECK' '(' expr ')')? ('REFERENCES' tableName ('(' columnList ')')?)?
    | columnName dataType 'GENERATED' ('ALWAYS' | 'BY' 'DEFAULT') 'AS' 'IDENTITY' ('(' 'START' 'WITH' expr ')')?
    | columnName ('IDENTITY' | 'AUTO_INCREMENT' | 'BIGINT' 'AUTO_INCREMENT')
    ;

tableConstraint
    : ('CONSTRAINT' Identifier)? 'PRIMARY' 'KEY' '(' columnList ')'
    | ('CONSTRAINT' Identifier)? 'UNIQUE' '(' columnList ')'
    | ('CONSTRAINT' Identifier)? 'FOREIGN' 'KEY' '(' columnList ')' 'REFERENCES' tableName ('(' columnList ')')?
      ('ON' 'DELETE' ('CASCADE' | 'SET' 'NULL' | 'RESTRICT' | 'NO' 'ACTION'))?
    | ('CONSTRAINT' Identifier)? 'CHECK' '(' expr ')'
    ;

createIndexStatement : 'CREATE' 'UNIQUE'? 'INDEX' ('IF' 'NOT' 'EXISTS')? Identifier 'ON' tableName '(' orderItem (',' orderItem)* ')' ;

alterTableStatement
    : 'ALTER' 'TABLE' tableName 'ADD' 'COLUMN'? ('IF' 'NOT' 'EXISTS')? columnDefinition
    | 'ALTER' 'TABLE' tableName 'DROP' 'COLUMN' ('IF' 'EXISTS')? columnName
    | 'ALTER' 'TABLE' tableName 'ALTER' 'COLUMN' columnName ('SET' 'DEFAULT' expr | 'SET' 'NOT' 'NULL' | 'TYPE' dataType | 'RENAME' 'TO' Identifier)
    | 'ALTER' 'TABLE' tableName 'ADD' tableConstraint
    | 'ALTER' 'TABLE' tableName 'RENAME' 'TO' Identifier
    ;

dropTableStatement : 'DROP' 'TABLE' ('IF' 'EXISTS')? tableName (',' tableName)* ('CASCADE' | 'RESTRICT')? ;

dataType
    : 'INT' | 'INTEGER' | 'BIGINT' | 'SMALLINT' | 'TINYINT' | 'BOOLEAN'
    | 'VARCHAR' ('(' INT ')')?
    | 'CHARACTER' 'VARYING' ('(' INT ')')?
    | 'CHAR' ('(' INT ')')?
    | 'VARCHAR_IGNORECASE' ('(' INT ')')?
    | 'DECIMAL' ('(' INT (',' INT)? ')')?
    | 'NUMERIC' ('(' INT (',' INT)? ')')?
    | 'DOUBLE' 'PRECISION'? | 'REAL' | 'FLOAT' ('(' INT ')')? | 'DECFLOAT'
    | 'DATE' | 'TIME' ('WITH' 'TIME' 'ZONE')? | 'TIMESTAMP' ('(' INT ')')? ('WITH' 'TIME' 'ZONE')?
    | 'INTERVAL' intervalQualifier
    | 'BINARY' ('(' INT ')')? | 'VARBINARY' ('(' INT ')')?
    | 'CLOB' | 'BLOB' | 'UUID' | 'JSON' | 'GEOMETRY'
    | 'ENUM' '(' STRING (',' STRING)* ')'
    | 'ROW' '(' Identifier dataType (',' Identifier dataType)* ')'
    | dataType 'ARRAY' ('[' INT ']')?
    ;

intervalQualifier
    : ('YEAR' | 'MONTH' | 'DAY' | 'HOUR' | 'MINUTE' | 'SECOND') ('TO' ('MONTH' | 'HOUR' | 'MINUTE' | 'SECOND'))?
    ;

// ---- expressions

expr
    : literal
    | columnRef
    | '?'
    | functionCall
    | aggregateCall
    | windowFunctionCall
    | caseExpression
    | 'CAST' '(' expr 'AS' dataType ')'
    | 'EXTRACT' '(' ('YEAR' | 'MONTH' | 'DAY' | 'HOUR' | 'MINUTE' | 'SECOND' | 'EPOCH') 'FROM' expr ')'
    | 'POSITION' '(' expr 'IN' expr ')'
    | 'SUBSTRING' '(' expr 'FROM' expr ('FOR' expr)? ')'
    | 'TRIM' '(' ('LEADING' | 'TRAILING' | 'BOTH')? expr? 'FROM' expr ')'
    | '(' expr ')'
    | '(' query ')'
    | 'EXISTS' '(' query ')'
    | 'UNIQUE' '(' query ')'
    | arrayValue
    | 'ROW' '(' expr (',' expr)* ')'
    | '(' expr ',' expr (',' expr)* ')'
    | 'NEXT' 'VALUE' 'FOR' Identifier
    | expr '[' expr ']'
    | ('-' | '+') expr
    | '~' expr
    | expr ('*' | '/' | '%') expr
    | expr ('+' | '-') expr
    | expr '||' expr
    | expr ('&' | '|' | '^') expr
    | expr ('=' | '<>' | '!=' | '<' | '<=' | '>' | '>=' | '&&') expr
    | expr ('=' | '<>' | '<' | '>') ('ALL' | 'ANY' | 'SOME') '(' query ')'
    | expr 'IS' 'NOT'? ('NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN' | 'JSON' ('OBJECT' | 'ARRAY' | 'SCALAR' | 'VALUE')?)
    | expr 'IS' 'NOT'? 'DISTINCT' 'FROM' expr
    | expr 'IS' 'NOT'? 'OF' '(' dataType (',' dataType)* ')'
    | expr 'NOT'? 'BETWEEN' ('SYMMETRIC' | 'ASYMMETRIC')? expr 'AND' expr
    | expr 'NOT'? 'IN' '(' (query | expr (',' expr)*) ')'
    | expr 'NOT'? ('LIKE' | 'ILIKE') expr ('ESCAPE' expr)?
    | expr 'NOT'? 'REGEXP' expr
    | expr 'AT' ('TIME' 'ZONE' expr | 'LOCAL')
    | 'NOT' expr
    | expr 'AND' expr
    | expr 'OR' expr
    ;

literal
    : INT
    | NUMBER
    | STRING
    | HEX_STRING
    | 'NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN' | 'DEFAULT'
    | 'DATE' STRING
    | 'TIME' STRING
    | 'TIMESTAMP' ('WITH' 'TIME' 'ZONE')? STRING
    | 'INTERVAL' '-'? STRING intervalQualifier
    | 'JSON' STRING
    | 'CURRENT_DATE' | 'CURRENT_TIME' | 'CURRENT_TIMESTAMP' | 'LOCALTIME' | 'LOCALTIMESTAMP' | 'CURRENT_USER'
    ;

arrayValue : 'ARRAY' '[' (expr (',' expr)*)? ']' ;

functionCall : functionName '(' (expr (',' expr)*)? ')' ;

functionName
    : 'ABS' | 'SIGN' | 'MOD' | 'FLOOR' | 'CEIL' | 'ROUND' | 'TRUNC' | 'POWER' | 'SQRT' | 'EXP' | 'LN' | 'LOG10'
    | 'SIN' | 'COS' | 'ATAN2' | 'RAND' | 'BITAND' | 'BITOR' | 'BITXOR' | 'BITNOT' | 'LSHIFT' | 'RSHIFT'
    | 'COALESCE' | 'NULLIF' | 'IFNULL' | 'NVL2' | 'GREATEST' | 'LEAST' | 'CASEWHEN' | 'DECODE'
    | 'LENGTH' | 'CHAR_LENGTH' | 'OCTET_LENGTH' | 'UPPER' | 'LOWER' | 'LEFT' | 'RIGHT' | 'LPAD' | 'RPAD'
    | 'LTRIM' | 'RTRIM' | 'BTRIM' | 'CONCAT' | 'CONCAT_WS' | 'REPLACE' | 'TRANSLATE' | 'INSTR' | 'LOCATE'
    | 'SUBSTRING' | 'ASCII' | 'CHAR' | 'HEXTORAW' | 'RAWTOHEX' | 'SOUNDEX' | 'DIFFERENCE' | 'XMLTEXT'
    | 'REGEXP_REPLACE' | 'REGEXP_LIKE' | 'REGEXP_SUBSTR' | 'STRINGENCODE' | 'STRINGDECODE'
    | 'DATEADD' | 'DATEDIFF' | 'DAYNAME' | 'MONTHNAME' | 'DAY_OF_WEEK' | 'ISO_WEEK' | 'FORMATDATETIME'
    | 'PARSEDATETIME' | 'TO_CHAR' | 'TO_DATE' | 'TRUNCATE' | 'LAST_DAY'
    | 'HASH' | 'ORA_HASH' | 'MD5' | 'ENCRYPT' | 'DECRYPT' | 'COMPRESS' | 'EXPAND'
    | 'ARRAY_LENGTH' | 'ARRAY_CONTAINS' | 'ARRAY_CAT' | 'ARRAY_APPEND' | 'ARRAY_SLICE' | 'CARDINALITY' | 'TRIM_ARRAY'
    | 'JSON_OBJECT' | 'JSON_ARRAY' | 'UUID' | 'RANDOM_UUID' | 'IDENTITY' | 'ZERO' | 'DATABASE' | 'USER'
    | Identifier
    ;

aggregateCall
    : 'COUNT' '(' '*' ')' filterClause?
    | ('COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'EVERY' | 'ANY' | 'BIT_AND_AGG' | 'BIT_OR_AGG' | 'STDDEV_POP' | 'VAR_SAMP' | 'MEDIAN' | 'ARRAY_AGG')
      '(' ('DISTINCT' | 'ALL')? expr ')' filterClause? ('OVER' '(' windowSpecification ')')?
    | 'LISTAGG' '(' ('DISTINCT')? expr (',' STRING)? ')' ('WITHIN' 'GROUP' '(' orderBy ')')?
    | ('PERCENTILE_CONT' | 'PERCENTILE_DISC') '(' expr ')' 'WITHIN' 'GROUP' '(' orderBy ')'
    ;

filterClause : 'FILTER' '(' 'WHERE' expr ')' ;

windowFunctionCall
    : ('ROW_NUMBER' | 'RANK' | 'DENSE_RANK' | 'PERCENT_RANK' | 'CUME_DIST') '(' ')' 'OVER' '(' windowSpecification ')'
    | ('LAG' | 'LEAD') '(' expr (',' expr (',' expr)?)? ')' 'OVER' '(' windowSpecification ')'
    | ('FIRST_VALUE' | 'LAST_VALUE') '(' expr ')' 'OVER' '(' windowSpecification ')'
    | 'NTILE' '(' expr ')' 'OVER' '(' windowSpecification ')'
    ;

windowSpecification
    : ('PARTITION' 'BY' expr (',' expr)*)? orderBy? windowFrame?
    ;

windowFrame
    : ('ROWS' | 'RANGE' | 'GROUPS') ('UNBOUNDED' 'PRECEDING' | expr 'PRECEDING' | 'CURRENT' 'ROW')
    | ('ROWS' | 'RANGE' | 'GROUPS') 'BETWEEN' frameBound 'AND' frameBound
    ;

frameBound : 'UNBOUNDED' ('PRECEDING' | 'FOLLOWING') | 'CURRENT' 'ROW' | expr ('PRECEDING' | 'FOLLOWING') ;

caseExpression
    : 'CASE' expr ('WHEN' expr 'THEN' expr)+ ('ELSE' expr)? 'END'
    | 'CASE' ('WHEN' expr 'THEN' expr)+ ('ELSE' expr)? 'END'
    ;

// ---- names: the harness's schema first, any identifier after

columnRef : (correlation '.')? columnName ;

correlation : 'T1' | 'T2' | 'V1' | 'A' | 'B' | Identifier ;

tableName : 'T1' | 'T2' | 'V1' | 'PUBLIC' '.' ('T1' | 'T2') | 'INFORMATION_SCHEMA' '.' ('TABLES' | 'COLUMNS') | Identifier ;

columnName : 'ID' | 'NAME' | 'PRICE' | 'CREATED' | 'T1_ID' | 'QTY' | 'NOTE' | Identifier ;

columnList : columnName (',' columnName)* ;

alias : 'A' | 'B' | Identifier ;

INT : [0-9]+ ;
NUMBER : [0-9]+ '.' [0-9]* ([eE] [+-]? [0-9]+)? | '.' [0-9]+ ([eE] [+-]? [0-9]+)? ;
STRING : '\'' ('\'\'' | ~['])* '\'' ;
HEX_STRING : 'X\'' [0-9A-Fa-f]* '\'' ;
Identifier : [A-Za-z_] [A-Za-z0-9_]* | '"' ('""' | ~["])+ '"' ;

WS : [ \t\r\n]+ -> skip ;
LINE_COMMENT : '--' ~[\r\n]* '\n' -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
