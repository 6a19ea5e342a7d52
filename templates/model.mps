{#- Rendered by back::mps::MpsFile (src/back/mps.rs): free or fixed MPS.
    Names and the field layout come from the adapters there. -#}
{{ name_line }}
{{ header }}ROWS
 N  obj
{{ self.rows() -}}
COLUMNS
{{ self.columns() -}}
{% if ctx.model.num_vars() == 0 -%}
* no columns: a dummy one, so that every reader sees a problem
    dummy     obj       0
{% endif -%}
RHS
{{ self.rhs() -}}
{% if has_bounds %}BOUNDS
{{ self.bounds() }}{% endif -%}
ENDATA

