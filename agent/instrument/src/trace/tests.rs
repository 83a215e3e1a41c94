use super::*;
use jvmfuzz_classfile::bytecode::decode;

const SAMPLE: &[u8] = include_bytes!("../../../classfile/src/testdata/Sample.class.bin");

#[derive(Default)]
struct Counter {
    sites: Vec<(String, u32, Vec<i32>)>,
    methods: u32,
}

impl TraceSites for Counter {
    fn site(&mut self, _class: &str, method: &str, offset: u32, cases: &[i32]) -> Option<u32> {
        self.sites.push((method.to_string(), offset, cases.to_vec()));
        Some(self.sites.len() as u32 - 1)
    }
    fn method(&mut self, _class: &str, _method: &str) -> u32 {
        self.methods += 1;
        self.methods
    }
}

fn models() -> ModelTable {
    ModelTable::parse(
        "# test\n\
         java/lang/String length ()I -> length (Ljava/lang/String;)I\n\
         java/util/List size ()I -> listSize (Ljava/util/List;)I\n",
    )
    .unwrap()
}

/// (owner, name, descriptor) of every `invokestatic` in `code`.
fn static_calls(cf: &ClassFile<'_>, code: &[u8]) -> Vec<(String, String, String)> {
    decode(code)
        .unwrap()
        .iter()
        .filter(|i| i.opcode == INVOKESTATIC)
        .filter_map(|i| match i.kind {
            InsnKind::Invoke { cp_index } => cf.constant_pool.member_ref(cp_index).ok(),
            _ => None,
        })
        .map(|r| (r.class.into_owned(), r.name.into_owned(), r.descriptor.into_owned()))
        .collect()
}

#[test]
fn every_method_but_clinit_enters_a_frame_and_branches_become_sites() {
    let mut sites = Counter::default();
    let t = instrument_class_trace(SAMPLE, &mut sites, &models()).unwrap().expect("traced");
    assert!(t.skipped.is_empty(), "{:?}", t.skipped);
    let cf = ClassFile::parse(&t.bytes).unwrap();
    let cp = &cf.constant_pool;
    for m in &cf.methods {
        let name = m.name(cp).unwrap();
        let Some(code) = m.code() else { continue };
        let calls = static_calls(&cf, &code.code);
        let enters = calls.iter().filter(|c| c.0 == SYM && c.1 == "enter").count();
        if name == "<clinit>" {
            assert_eq!(enters, 0, "<clinit> is not traced");
        } else {
            assert_eq!(enters, 1, "{name}: {calls:?}");
            assert!(calls.iter().any(|c| c.0 == SYM && c.1 == "ret"), "{name} returns through Sym.ret");
        }
    }
    // The string switch: a lookupswitch on hashCode ("Aa" and "BB" share 2112) and a
    // tableswitch on the case index, both with their cases.
    let switches: Vec<&Vec<i32>> = sites.sites.iter().filter(|s| !s.2.is_empty()).map(|s| &s.2).collect();
    assert_eq!(switches, [&vec![2112, 121_146], &vec![0, 1, 2]]);
    assert!(sites.sites.iter().any(|s| s.0.starts_with("work(")), "{:?}", sites.sites);
}

#[test]
fn modelled_calls_are_replaced_with_the_same_length_and_others_get_call_and_result() {
    let mut sites = Counter::default();
    let t = instrument_class_trace(SAMPLE, &mut sites, &models()).unwrap().expect("traced");
    let cf = ClassFile::parse(&t.bytes).unwrap();
    let cp = &cf.constant_pool;
    let work = cf.methods.iter().find(|m| m.name(cp).unwrap() == "work").unwrap();
    let code = &work.code().unwrap().code;
    let calls = static_calls(&cf, code);
    assert!(calls.iter().any(|c| c.0 == MODELS && c.1 == "length"), "x.length() is modelled: {calls:?}");
    // List.size is an interface call (5 bytes): the model's invokestatic plus two nops.
    let insns = decode(code).unwrap();
    let size = insns
        .iter()
        .position(|i| {
            matches!(i.kind, InsnKind::Invoke { cp_index } if cp.member_ref(cp_index).is_ok_and(|r| r.name == "listSize"))
        })
        .expect("listSize call");
    assert_eq!((insns[size + 1].opcode, insns[size + 2].opcode), (NOP, NOP));
    // Unmodelled calls (Supplier.get, Iterator.next, ...) are surrounded by call and result.
    let n_call = calls.iter().filter(|c| c.0 == SYM && c.1 == "call").count();
    let n_result = calls.iter().filter(|c| c.0 == SYM && c.1 == "result").count();
    assert!(n_call >= 3 && n_call == n_result, "{n_call} calls, {n_result} results");
    // `acc += ...` (ladd), `(long) d` stays a conversion of a double (op), the lcmp is replaced.
    for name in ["lbin", "lcmp", "handler", "izero"] {
        assert!(calls.iter().any(|c| c.0 == SYM && c.1 == name), "no Sym.{name} in work: {calls:?}");
    }
}

#[test]
fn keys_are_fnv1a() {
    // FNV-1a 32 of "" and "a" (the published test vectors).
    assert_eq!(key("") as u32, 0x811c_9dc5);
    assert_eq!(key("a") as u32, 0xe40c_292c);
}

#[test]
fn the_model_table_refuses_malformed_lines() {
    assert!(ModelTable::parse("java/lang/String length ()I -> length").is_err());
    assert!(ModelTable::parse("java/lang/String length -> length (Ljava/lang/String;)I").is_err());
    assert!(ModelTable::parse("java/lang/String charAt (I)C -> charAt (Ljava/lang/String;II)C sited").is_err());
    assert_eq!(ModelTable::parse("\n# only a comment\n").unwrap().models.len(), 0);
}

#[test]
fn a_sited_model_gets_the_calls_site_on_top_of_its_arguments() {
    let table = ModelTable::parse("java/lang/String length ()I -> length (Ljava/lang/String;I)I site\n").unwrap();
    assert!(table.models[0].sited);
    let mut sites = Counter::default();
    let t = instrument_class_trace(SAMPLE, &mut sites, &table).unwrap().expect("traced");
    let cf = ClassFile::parse(&t.bytes).unwrap();
    let cp = &cf.constant_pool;
    let work = cf.methods.iter().find(|m| m.name(cp).unwrap() == "work").unwrap();
    let code = &work.code().unwrap().code;
    let insns = decode(code).unwrap();
    let call = insns
        .iter()
        .position(|i| {
            matches!(i.kind, InsnKind::Invoke { cp_index } if cp.member_ref(cp_index).is_ok_and(|r| r.name == "length" && r.class == MODELS))
        })
        .expect("Models.length call");
    // The site pushed just before the call is one the registry handed out for work's call.
    let push = &insns[call - 1];
    let at = push.offset as usize;
    let pushed = match push.opcode {
        ICONST_M1..=ICONST_5 => i32::from(push.opcode) - i32::from(ICONST_0),
        BIPUSH => i32::from(code[at + 1] as i8),
        SIPUSH => i32::from(i16::from_be_bytes([code[at + 1], code[at + 2]])),
        op => panic!("no int pushed before the model call: opcode {op:#x}"),
    };
    let site = usize::try_from(pushed).expect("a site, not -1");
    assert!(sites.sites[site].0.starts_with("work("), "{:?}", sites.sites[site]);
}

#[test]
fn a_malformed_class_is_an_error_not_a_panic() {
    let mut sites = Counter::default();
    assert!(instrument_class_trace(&SAMPLE[..100], &mut sites, &models()).is_err());
    assert!(instrument_class_trace(b"not a class", &mut sites, &models()).is_err());
}
