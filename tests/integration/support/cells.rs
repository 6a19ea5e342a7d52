//! The x and y columns of an n×n grid by name, each name rendered by the
//! model's namer: how the tests read a reader's answer by column name
//! without reading a name back for its meaning.

use std::collections::HashMap;

use cagec::model::Column;

/// Every `x_I_J_K` and `y_I_J` of an `n`×`n` grid, by its name.
pub fn cell_columns(n: usize) -> HashMap<String, Column> {
    let mut columns = HashMap::with_capacity(n * n * (n + 1));
    for i in 0..n {
        for j in 0..n {
            let cell = (1..=n).map(|k| Column::x(i, j, k)).chain([Column::y(i, j)]);
            columns.extend(cell.map(|c| (c.to_string(), c)));
        }
    }
    columns
}
