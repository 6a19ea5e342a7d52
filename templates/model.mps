{#- Rendered by back::mps::MpsFile (src/back/mps.rs): free or fixed MPS.
    Names and the field layout come from the adapters there. -#}
{{ name_line }}
{{ header }}ROWS
 N  obj
{% for row in self.rows() %}{{ row }}{% endfor -%}
COLUMNS
{% for col in self.columns() %}{{ col }}{% endfor -%}
{% if ctx.model.num_vars() == 0 -%}
* no columns: a dummy one, so that every reader sees a problem
    dummy     obj       0
{% endif -%}
RHS
{% for row in self.rows() %}{{ row.rhs() }}{% endfor -%}
{% if has_bounds %}BOUNDS
{% for col in self.columns() %}{{ col.bounds() }}{% endfor %}{% endif -%}
ENDATA

