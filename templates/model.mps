{#- Rendered by back::mps::MpsFile (src/back/mps.rs): free or fixed MPS.
    Names and the field layout come from the adapters there. -#}
{{ name_line }}
{{ header }}ROWS
 N  obj
{% for row in self.rows() %}{{ row }}{% endfor -%}
COLUMNS
{% for col in self.columns() %}{{ col }}{% endfor -%}
RHS
{% for row in self.rows() %}{{ row.rhs() }}{% endfor -%}
{% if has_bounds %}BOUNDS
{% for col in self.columns() %}{{ col.bounds() }}{% endfor %}{% endif -%}
ENDATA

