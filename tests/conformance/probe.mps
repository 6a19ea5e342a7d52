* Not a cagec file: a probe that OR-Tools must refuse
* (tests/integration/readers_conform.rs): its MPS importer prints nothing, so
* a refusal is all there is to see. It refuses the unknown bound type SIDEWAYS
* (it silently accepts much else: a column entry for an undeclared row adds
* that row).
NAME probe
ROWS
 N obj
 G c1
COLUMNS
 x c1 1
 y c1 1
RHS
 RHS c1 1
BOUNDS
 UP BND x 1
 SIDEWAYS BND y 1
ENDATA
