{#- Rendered by back::ampl::ModelFile (src/back/ampl.rs): fixed text, with
    `end;` unless a data section follows in the same stream. -#}
# KenKen as an integer program: the AMPL model of Melkonian (2016), "An Integer
# Programming Model for the KenKen Problem", section 7.1, written by cagec.
# Generalised to any n: primes and prime exponents are computed here, not
# hard-coded, and no-good cuts come from the data. Run it with its data file:
#     glpsol -m NAME.mod -d NAME.dat
# It prints one line "y I J V" per cell: row I, column J holds V.

######### INPUT DATA: PARAMETERS AND SETS #########

param n, integer, >= 1;            # size of the problem
set rows := 1..n;
set columns := 1..n;
set cells := rows cross columns;

### Cage information ###
param t, integer, >= 1;            # number of cages
set cage{1..t} within cells;       # each cage is a collection of cells
check: forall{(i,j) in cells} card({c in 1..t: (i,j) in cage[c]}) = 1;
# checking that each cell is in exactly one cage
param target_number{1..t}, integer, >= 1;
param operation{1..t} symbolic in {"given", "sum", "difference", "ratio", "product"};
# target number and operation for each cage; "given" is a one-cell cage
check{c in 1..t: operation[c] = "given"}: card(cage[c]) = 1;
check{c in 1..t: operation[c] = "difference" or operation[c] = "ratio"}: card(cage[c]) = 2;

### Distinguishing the two cells of difference and ratio cages ###
# The paper compares i+j; for two adjacent cells that picks the same cells as
# the row-major number (i-1)*n+j used here, which also never ties.
param min_cell_number{c in 1..t} := min{(i,j) in cage[c]} ((i-1)*n + j);
param max_cell_number{c in 1..t} := max{(i,j) in cage[c]} ((i-1)*n + j);

### Sets and parameters used in ratio constraints ###
set possible_ratio_numbers := setof{c in 1..t: operation[c] = "ratio"} target_number[c];
param bigM{r in possible_ratio_numbers} := r * (n - (n mod r)) - (n div r);
# the smallest big M that works (section 5): n = 8, r = 3 gives 16

### Sets and parameters used in product constraints ###
set prime_numbers;                 # the primes up to n
check: card(prime_numbers symdiff {p in 2..n: forall{d in 2..p-1} p mod d != 0}) = 0;
param value_power{p in prime_numbers, k in 1..n} :=
    if k mod p != 0 then 0 else 1 + value_power[p, k div p];
# how often p divides the value k (the paper's sets M[p], S[p], C[p] give 1, 2, 3)
param prime_number_power{c in 1..t, p in prime_numbers: operation[c] = "product"} :=
    max{e in 0..62: p^e <= target_number[c] and target_number[c] mod p^e = 0} e;
# the power of p in the target of product cage c (only p^e <= target is tried)
check{c in 1..t: operation[c] = "product"}:
    prod{p in prime_numbers} p^prime_number_power[c,p] = target_number[c];
# a product target with a prime factor above n can never be met

### No-good cuts (proving uniqueness): grids found before, now forbidden ###
param ncuts, integer, >= 0, default 0;
param cutval{1..ncuts, rows, columns}, integer, >= 1, <= n;

############################### VARIABLES #################################

var x{i in rows, j in columns, k in 1..n} binary;
# is equal 1 if value k is assigned to cell (i,j)
var y{i in rows, j in columns} >= 1, <= n;
# the value assigned to cell (i,j)
var u{c in 1..t: operation[c] = "difference" or operation[c] = "ratio"} binary;
# auxiliary binary variable for a difference or ratio cage c

########################### OBJECTIVE FUNCTION ###########################

maximize something: 1;             # no need for an objective function

############################### CONSTRAINTS ###############################

##### Latin Square Constraints #####
# Constraint (2.1): each cell is assigned exactly one value
subject to one_value_for_each_cell{i in rows, j in columns}:
    sum{k in 1..n} x[i,j,k] = 1;
# Constraint (2.2): each row has exactly one number k
subject to one_of_each_number_for_each_row{i in rows, k in 1..n}:
    sum{j in columns} x[i,j,k] = 1;
# Constraint (2.3): each column has exactly one number k
subject to one_of_each_number_for_each_column{j in columns, k in 1..n}:
    sum{i in rows} x[i,j,k] = 1;
# Constraint (3.2): connection between x and y variables
subject to value_of_each_square{i in rows, j in columns}:
    y[i,j] = sum{k in 1..n} k * x[i,j,k];

##### Givens: a one-cell cage holds its target #####
s.t. Cage_given_restriction{c in 1..t: operation[c] = "given"}:
    sum{(i,j) in cage[c]} y[i,j] = target_number[c];

##### Constraint (3.1): Sum Constraints #####
s.t. Cage_sum_restriction{c in 1..t: operation[c] = "sum"}:
    sum{(i,j) in cage[c]} y[i,j] = target_number[c];

##### Constraint (4.1): Difference Constraints #####
s.t. Cage_difference_restriction{c in 1..t: operation[c] = "difference"}:
    sum{(i,j) in cage[c]: (i-1)*n + j = max_cell_number[c]} y[i,j] -
    sum{(i,j) in cage[c]: (i-1)*n + j = min_cell_number[c]} y[i,j] =
    target_number[c] - 2 * target_number[c] * u[c];

##### Ratio Constraints (5.1)-(5.4) #####
# u = 0: the later cell is r times the earlier one; u = 1: the other way round
s.t. Cage_ratio_restriction1{c in 1..t: operation[c] = "ratio"}:
    sum{(i,j) in cage[c]: (i-1)*n + j = max_cell_number[c]} y[i,j] -
    target_number[c] * sum{(i,j) in cage[c]: (i-1)*n + j = min_cell_number[c]} y[i,j] >=
    - bigM[target_number[c]] * u[c];
s.t. Cage_ratio_restriction2{c in 1..t: operation[c] = "ratio"}:
    sum{(i,j) in cage[c]: (i-1)*n + j = max_cell_number[c]} y[i,j] -
    target_number[c] * sum{(i,j) in cage[c]: (i-1)*n + j = min_cell_number[c]} y[i,j] <=
    bigM[target_number[c]] * u[c];
s.t. Cage_ratio_restriction3{c in 1..t: operation[c] = "ratio"}:
    sum{(i,j) in cage[c]: (i-1)*n + j = min_cell_number[c]} y[i,j] -
    target_number[c] * sum{(i,j) in cage[c]: (i-1)*n + j = max_cell_number[c]} y[i,j] >=
    - bigM[target_number[c]] * (1 - u[c]);
s.t. Cage_ratio_restriction4{c in 1..t: operation[c] = "ratio"}:
    sum{(i,j) in cage[c]: (i-1)*n + j = min_cell_number[c]} y[i,j] -
    target_number[c] * sum{(i,j) in cage[c]: (i-1)*n + j = max_cell_number[c]} y[i,j] <=
    bigM[target_number[c]] * (1 - u[c]);

##### Product Constraints (6.1.5), for every prime p up to n #####
s.t. Cage_product_restriction{c in 1..t, p in prime_numbers: operation[c] = "product"}:
    sum{(i,j) in cage[c], k in 1..n: value_power[p,k] > 0} value_power[p,k] * x[i,j,k] =
    prime_number_power[c,p];

##### No-good cuts: at least one cell differs from each grid in the data #####
s.t. no_good{c in 1..ncuts}:
    sum{i in rows, j in columns} x[i,j,cutval[c,i,j]] <= n*n - 1;

solve;

printf{i in rows, j in columns}: "y %d %d %d\n", i, j, round(y[i,j]);
{%- if standalone %}

end;
{%- endif %}

