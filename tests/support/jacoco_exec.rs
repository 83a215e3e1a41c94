//! Reading JaCoCo `.exec` files, and turning JaCoCo's probe arrays into hits on our plan.
//!
//! Used to validate the analysis against JaCoCo without our rewriter: run a program under
//! JaCoCo's agent, map each executed JaCoCo probe to the plan site that records it
//! ([`MethodPlan::jacoco`] lists them in JaCoCo's probe-id order), analyse, and compare with
//! JaCoCo's own report. A probe-count mismatch means our placement differs from JaCoCo's.
//!
//! Format (JaCoCo `ExecutionDataWriter`, version 0x1007): blocks tagged 0x01 header
//! (`char` magic 0xC0C0, `char` version), 0x10 session (`UTF` id, `long` start, `long` dump),
//! 0x11 class (`long` id, `UTF` name, boolean array = varint length + bits LSB first).
//!
//! [`MethodPlan::jacoco`]: jvmfuzz_instrument::plan::MethodPlan::jacoco

use std::collections::BTreeMap;

use jvmfuzz_classfile::bytecode;
use jvmfuzz_classfile::ClassFile;
use jvmfuzz_coverage::{CoverageError, MethodProbes};
use jvmfuzz_instrument::plan::{self, PlanOptions};
use jvmfuzz_instrument::reduce;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ExecError {
    #[error("exec data truncated at byte {0}")]
    Truncated(usize),
    #[error("not a JaCoCo exec file (bad header at byte {0})")]
    BadHeader(usize),
    #[error("unsupported exec format version 0x{0:04x}")]
    Version(u16),
    #[error("unknown block type 0x{tag:02x} at byte {at}")]
    BadBlock { tag: u8, at: usize },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub id: String,
    pub start: i64,
    pub dump: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecData {
    pub sessions: Vec<Session>,
    /// Class name -> (class id, probes), OR-merged over all sessions.
    pub classes: BTreeMap<String, (u64, Vec<bool>)>,
}

struct In<'b> {
    b: &'b [u8],
    pos: usize,
}

impl In<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], ExecError> {
        let s = self.b.get(self.pos..self.pos + n).ok_or(ExecError::Truncated(self.pos))?;
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, ExecError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, ExecError> {
        let s = self.take(2)?;
        Ok(u16::from_be_bytes([s[0], s[1]]))
    }
    fn i64(&mut self) -> Result<i64, ExecError> {
        let s = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(s);
        Ok(i64::from_be_bytes(a))
    }
    fn utf(&mut self) -> Result<String, ExecError> {
        let n = self.u16()? as usize;
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }
    fn varint(&mut self) -> Result<u32, ExecError> {
        let mut v: u32 = 0;
        for shift in (0..35).step_by(7) {
            let b = self.u8()?;
            v |= ((b & 0x7f) as u32) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(ExecError::Truncated(self.pos))
    }
}

/// Parses an exec file (several dumps appended to one file are fine).
pub fn parse_exec(bytes: &[u8]) -> Result<ExecData, ExecError> {
    let mut r = In { b: bytes, pos: 0 };
    let mut out = ExecData::default();
    while r.pos < bytes.len() {
        let at = r.pos;
        match r.u8()? {
            0x01 => {
                if r.u16()? != 0xC0C0 {
                    return Err(ExecError::BadHeader(at));
                }
                let v = r.u16()?;
                if v != 0x1007 {
                    return Err(ExecError::Version(v));
                }
            }
            0x10 => {
                let id = r.utf()?;
                let start = r.i64()?;
                let dump = r.i64()?;
                out.sessions.push(Session { id, start, dump });
            }
            0x11 => {
                let id = r.i64()? as u64;
                let name = r.utf()?;
                let n = r.varint()? as usize;
                let bits = r.take(n.div_ceil(8))?;
                let probes: Vec<bool> = (0..n).map(|i| bits[i / 8] & (1 << (i % 8)) != 0).collect();
                let e = out.classes.entry(name).or_insert_with(|| (id, vec![false; n]));
                for (a, b) in e.1.iter_mut().zip(&probes) {
                    *a |= *b;
                }
            }
            tag => return Err(ExecError::BadBlock { tag, at }),
        }
    }
    Ok(out)
}

/// Probe range of one method, owned (see [`MethodProbes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedMethodProbes {
    pub name: String,
    pub descriptor: String,
    pub first_probe: u32,
    pub probe_count: u32,
}

impl OwnedMethodProbes {
    pub fn as_probes(&self) -> MethodProbes<'_> {
        MethodProbes {
            name: &self.name,
            descriptor: &self.descriptor,
            first_probe: self.first_probe,
            probe_count: self.probe_count,
        }
    }
}

/// Plans every method of a class as the rewriter would (ids from 0, methods in class-file
/// order) and sets hit = 1 on the sites that record the executed JaCoCo probes.
///
/// Errors if the number of JaCoCo probes we place differs from `probes.len()` (then our
/// placement is not JaCoCo's and the comparison would be meaningless).
pub fn hits_from_jacoco(bytes: &[u8], probes: &[bool]) -> Result<(Vec<OwnedMethodProbes>, Vec<u64>), CoverageError> {
    let cf = ClassFile::parse(bytes)?;
    let cp = &cf.constant_pool;
    let mut methods = Vec::new();
    let mut hits: Vec<u64> = Vec::new();
    let mut jacoco_id = 0usize;
    for member in &cf.methods {
        let Some(code) = member.code() else { continue };
        let insns = bytecode::decode(&code.code)?;
        let plan = plan::plan_method(&insns, code, cp, PlanOptions { flow_probes: true })?;
        let first = hits.len() as u32;
        hits.resize(hits.len() + plan.sites.len(), 0);
        for j in &plan.jacoco {
            if probes.get(jacoco_id).copied().unwrap_or(false) {
                hits[first as usize + j.site] = 1;
            }
            jacoco_id += 1;
        }
        methods.push(OwnedMethodProbes {
            name: member.name(cp)?.into_owned(),
            descriptor: member.descriptor(cp)?.into_owned(),
            first_probe: first,
            probe_count: plan.sites.len() as u32,
        });
    }
    if jacoco_id != probes.len() {
        return Err(CoverageError::ProbeCount { ours: jacoco_id, jacoco: probes.len() });
    }
    Ok((methods, hits))
}

/// What [`check_reduction`] found in one class.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReductionCheck {
    /// Probes the reduction leaves out, each checked against JaCoCo's data.
    pub left_out: usize,
    /// Probes it keeps.
    pub kept: usize,
    /// Left-out probes whose recorded value differs from the OR of their sources, described.
    pub mismatches: Vec<String>,
}

/// Checks `instrument::reduce` against a real run: with JaCoCo's probe array for the class
/// (every JaCoCo probe recorded, none left out), every probe the reduction would leave out
/// must have run exactly when one of the kept probes it derives from ran.
pub fn check_reduction(bytes: &[u8], probes: &[bool]) -> Result<ReductionCheck, CoverageError> {
    let cf = ClassFile::parse(bytes)?;
    let cp = &cf.constant_pool;
    let mut out = ReductionCheck::default();
    let mut jacoco_id = 0usize;
    for member in &cf.methods {
        let Some(code) = member.code() else { continue };
        let insns = bytecode::decode(&code.code)?;
        let plan = plan::plan_method_jacoco_only(&insns, code, cp)?;
        // A site's value in JaCoCo's data: the OR of the JaCoCo probes it records.
        let mut ran = vec![false; plan.sites.len()];
        for j in &plan.jacoco {
            if probes.get(jacoco_id).copied().unwrap_or(false) {
                ran[j.site] = true;
            }
            jacoco_id += 1;
        }
        let r = reduce::reduce(&insns, &code.exception_table, cp, &plan);
        out.kept += r.kept.len();
        for s in 0..plan.sites.len() {
            if r.kept.binary_search(&s).is_ok() {
                continue;
            }
            out.left_out += 1;
            let derived = r.executed(s, &|k| ran[r.kept[k]]);
            if derived != ran[s] {
                out.mismatches.push(format!(
                    "{}{} site {s} ({:?}): ran {}, derived {derived} from sites {:?}",
                    member.name(cp)?,
                    member.descriptor(cp)?,
                    plan.sites[s].placement,
                    ran[s],
                    r.sources(s).iter().map(|&k| r.kept[k as usize]).collect::<Vec<_>>()
                ));
            }
        }
    }
    if jacoco_id != probes.len() {
        return Err(CoverageError::ProbeCount { ours: jacoco_id, jacoco: probes.len() });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_blocks_and_merges_sessions() {
        let mut b = vec![0x01, 0xC0, 0xC0, 0x10, 0x07];
        b.extend([0x10, 0, 1, b'x']);
        b.extend(1i64.to_be_bytes());
        b.extend(2i64.to_be_bytes());
        for bits in [0b0000_0101u8, 0b0000_0010] {
            b.push(0x11);
            b.extend(7i64.to_be_bytes());
            b.extend([0, 3, b'a', b'/', b'B']);
            b.push(10); // 10 probes
            b.extend([bits, 0b10]);
        }
        let e = parse_exec(&b).unwrap();
        assert_eq!(e.sessions, vec![Session { id: "x".into(), start: 1, dump: 2 }]);
        let (id, p) = &e.classes["a/B"];
        assert_eq!(*id, 7);
        assert_eq!(p.iter().filter(|x| **x).count(), 4);
        assert!(p[0] && p[1] && p[2] && p[9] && !p[3]);
        assert_eq!(parse_exec(&b[..b.len() - 1]), Err(ExecError::Truncated(b.len() - 2)));
        assert!(matches!(parse_exec(&[0x01, 0xC0, 0xC0, 0x10, 0x06]), Err(ExecError::Version(0x1006))));
    }
}
