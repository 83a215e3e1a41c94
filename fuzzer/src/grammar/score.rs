//! Scheduling towards rare k-paths: a corpus entry whose tree held k-paths few trees have is
//! picked more often. LibAFL's corpus weight (the FAST schedule's) is multiplied by up to 3 for
//! such entries; every other entry keeps its weight, so without a grammar nothing changes.

use libafl::corpus::Testcase;
use libafl::schedulers::testcase_score::{CorpusWeightTestcaseScore, TestcaseScore};
use libafl::state::HasCorpus;
use libafl::{Error, HasMetadata};
use serde::{Deserialize, Serialize};

/// Testcase metadata: the rare k-paths an entry's tree held when it joined the corpus.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct RareKPaths(pub u32);
libafl_bolts::impl_serdeany!(RareKPaths);

/// Rare paths counted towards the boost (each adds a quarter of the weight).
const RARE_CAP: u32 = 8;

/// The weighted scheduler's score: LibAFL's corpus weight, raised for rare k-paths.
#[derive(Debug, Clone, Copy)]
pub struct GrammarWeight;

impl<I, S> TestcaseScore<I, S> for GrammarWeight
where
    S: HasCorpus<I> + HasMetadata,
{
    fn compute(state: &S, entry: &mut Testcase<I>) -> Result<f64, Error> {
        let weight = CorpusWeightTestcaseScore::compute(state, entry)?;
        let rare = entry.metadata_map().get::<RareKPaths>().map_or(0, |r| r.0.min(RARE_CAP));
        Ok(weight * (1.0 + f64::from(rare) / 4.0))
    }
}
