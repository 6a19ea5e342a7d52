{#- Rendered by back::mathprog::FlatModel (src/back/mathprog.rs): any Model as
    a self-contained MathProg file, every row written out. -#}
{{ header }}# Every row is written out (no data section); run: glpsol -m NAME.mod
# After solving, one line "NAME VALUE" is printed per variable.

{{ self.vars() }}
minimize obj: {{ self.objective() }};
{{ self.rows() }}
solve;

{{ self.printfs() }}
end;

