//! The command line's words for the settings core messages point to: its
//! flags.

use std::borrow::Cow;

use cagec::words::{Setting, Words};

/// `--max-nonzeros`, `--formulation cover`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags;

impl Words for Flags {
    fn setting(&self, setting: Setting) -> Cow<'static, str> {
        Cow::Owned(format!("--{}", setting.name()))
    }

    fn choice(&self, setting: Setting, value: &str) -> String {
        format!("--{} {value}", setting.name())
    }
}

#[cfg(test)]
mod tests {
    use cagec::back::OutputFormat;
    use cagec::formulate::{Formulation, KillerForm, ProductMethod};
    use cagec::front::InputFormat;
    use cagec::front::write::Format;
    use cagec::solve::{SolverChoice, Via};

    use crate::cli::solve::SolverArg;
    use cagec::words::Named;
    use clap::ValueEnum;

    /// The flags take exactly the core's names and aliases, for every choice.
    fn same_names<T: Named + ValueEnum + std::fmt::Debug>() {
        assert_eq!(T::value_variants().len(), T::ALL.len());
        for &choice in T::ALL {
            let value = choice.to_possible_value().expect("not hidden");
            let mut flag: Vec<&str> = value.get_name_and_aliases().collect();
            let mut core = vec![choice.name()];
            core.extend(choice.aliases());
            flag.sort_unstable();
            core.sort_unstable();
            assert_eq!(flag, core, "{choice:?}");
            assert_eq!(T::from_name(choice.name()), Some(choice));
            let help = value.get_help().map(ToString::to_string);
            assert_eq!(help.as_deref(), Some(choice.help()), "{choice:?}");
        }
    }

    #[test]
    fn flags_spell_every_choice_as_the_core_does() {
        same_names::<InputFormat>();
        same_names::<OutputFormat>();
        same_names::<Format>();
        same_names::<ProductMethod>();
        same_names::<Formulation>();
        same_names::<KillerForm>();
        same_names::<Via>();
    }

    /// `--solver`'s values (the MIP solvers, `native`, the other families)
    /// with the core's names and help (the flag takes no alias: `glpsol`
    /// is Python's).
    #[test]
    fn the_solver_flag_lists_the_cores_choices() {
        let flag = SolverArg::value_variants();
        assert_eq!(flag.len(), SolverChoice::ALL.len());
        for (arg, &choice) in flag.iter().zip(SolverChoice::ALL) {
            let value = arg.to_possible_value().expect("not hidden");
            assert_eq!(value.get_name(), choice.name());
            let help = value.get_help().map(ToString::to_string);
            assert_eq!(help.as_deref(), Some(choice.help()), "{choice:?}");
        }
    }
}
