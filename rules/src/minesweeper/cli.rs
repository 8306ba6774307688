//! `spielblock-cli minesweeper ...`: the deduction engine from the command
//! line (positions in, probabilities and the automatic reveal out) and its
//! benchmark.

use super::minefield;
use clap::{FromArgMatches, Subcommand};

#[derive(Subcommand)]
enum Tool {
    /// Read positions as JSON lines ({"width":11,"height":11,"mines":15,
    /// "revealed":[[x,y,n],...],"mines_visible":[[x,y],...]}, x the column
    /// and y the row from 0; "-" reads standard input) and print one JSON
    /// line per position: consistent, every covered cell's mine probability
    /// and what the automatic reveal uncovers.
    Analyze { file: String },
    /// Time the engine on positions from seeded games (11x11/15, 30x16/99,
    /// and 30x30/225 on a 40th as many): median, 99th percentile and
    /// maximum per position.
    Bench {
        /// Games per board size.
        #[arg(long, short = 'n', default_value_t = 200)]
        games: u64,
        /// First seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// The tools' command (the command-line tool names it after the game id).
pub(super) fn command() -> clap::Command {
    let command = clap::Command::new("tools")
        .about("Minesweeper for two: the deduction engine")
        .subcommand_required(true)
        .arg_required_else_help(true);
    Tool::augment_subcommands(command)
}

pub(super) fn run(
    args: &clap::ArgMatches,
    read_input: &dyn Fn(&str) -> Result<String, String>,
) -> Result<String, String> {
    let mut out = String::new();
    match Tool::from_arg_matches(args).map_err(|e| e.to_string())? {
        Tool::Analyze { file } => {
            let text = read_input(&file)?;
            for (k, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                let pos = minefield::position_from_json(line)
                    .map_err(|e| format!("line {}: {e}", k + 1))?;
                out.push_str(&minefield::analysis_json(&pos).to_string());
                out.push('\n');
            }
        }
        Tool::Bench { games, seed } => {
            for line in minefield::bench(games, seed) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    Ok(out)
}
