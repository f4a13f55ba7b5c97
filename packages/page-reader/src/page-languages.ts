/**
 * The words of careers pages in Polish, Italian, Portuguese, Swedish, Danish, Norwegian and Finnish, one table per
 * language (English, German, French, Spanish and Dutch are written into page-vocabulary.ts, which merges these in):
 * field labels, employment words, work modes, headings of other-jobs blocks and of a posting's sections, apply
 * buttons and careers-site wording. Data only: adding a language is adding a table.
 */
import type { EmploymentType } from '@referwell/shared';

/** The fields a label can name. */
export type LabelField = 'location' | 'job_type' | 'salary_range' | 'company' | 'title' | 'deadline';

export interface LanguageWords {
  labels: Partial<Record<LabelField, string[]>>;
  employment: Partial<Record<EmploymentType, string[]>>;
  remote: string[];
  hybrid: string[];
  otherJobs: string[];
  sections: string[];
  /** Headings that open a posting's responsibilities ('Zakres obowiązków', 'Arbetsuppgifter'). */
  duties: string[];
  /** Headings that open its requirements ('Wymagania', 'Kvalifikationer'). */
  requirements: string[];
  apply: string[];
  /** Careers-site wording that is never a job's title ('Kariera', 'Lavora con noi'). */
  careers: string[];
}

export const LANGUAGES: Record<string, LanguageWords> = {
  pl: {
    labels: {
      location: ['lokalizacja', 'miejsce pracy', 'miejsce', 'miasto', 'adres', 'siedziba'],
      job_type: [
        'wymiar pracy',
        'wymiar etatu',
        'wymiar',
        'etat',
        'rodzaj umowy',
        'typ umowy',
        'umowa',
        'forma zatrudnienia',
        'rodzaj zatrudnienia',
        'tryb pracy',
      ],
      salary_range: ['wynagrodzenie', 'widełki', 'widełki płacowe', 'stawka', 'pensja', 'zarobki'],
      company: ['pracodawca', 'firma', 'nazwa firmy'],
      title: ['stanowisko', 'nazwa stanowiska'],
      deadline: ['termin składania ofert', 'termin aplikacji'],
    },
    employment: {
      internship: ['staż', 'praktyki', 'stażysta'],
      freelance: ['freelance'],
      contract: [
        'umowa zlecenie',
        'umowa o dzieło',
        'na zastępstwo',
        'czas określony',
        'umowa na czas określony',
        'kontrakt',
      ],
      'part-time': ['pół etatu', 'część etatu', 'niepełny etat', '3/4 etatu', '1/2 etatu', 'niepełny wymiar'],
      'full-time': ['pełny etat', 'pełen etat', '1/1 etatu', 'pełny wymiar', 'umowa o pracę', 'czas nieokreślony'],
    },
    remote: ['zdalnie', 'praca zdalna', 'zdalna'],
    hybrid: ['hybrydowo', 'praca hybrydowa', 'hybrydowa'],
    otherJobs: ['podobne oferty', 'inne oferty', 'zobacz także', 'polecane oferty', 'pozostałe oferty', 'więcej ofert'],
    sections: [
      'twoje zadania',
      'zakres obowiązków',
      'obowiązki',
      'wymagania',
      'nasze wymagania',
      'oferujemy',
      'opis oferty',
    ],
    duties: ['twoje zadania', 'zakres obowiązków', 'obowiązki', 'zadania', 'czym będziesz się zajmować'],
    requirements: ['wymagania', 'nasze wymagania', 'oczekujemy', 'czego oczekujemy', 'wymagania i kwalifikacje'],
    apply: ['aplikuj', 'aplikuj teraz', 'wyślij cv', 'złóż aplikację'],
    careers: ['kariera', 'praca', 'oferty pracy', 'ogłoszenie o naborze'],
  },
  it: {
    labels: {
      location: ['sede', 'sede di lavoro', 'città', 'luogo di lavoro', 'località', 'indirizzo'],
      job_type: ['tipo di contratto', 'contratto', 'tipologia contrattuale', 'orario', 'orario di lavoro', 'impegno'],
      salary_range: ['retribuzione', 'retribuzione lorda annua', 'ral', 'stipendio', 'compenso'],
      company: ['azienda', 'società', 'datore di lavoro'],
      title: ['posizione', 'ruolo', 'titolo'],
      deadline: ['scadenza', 'data di scadenza'],
    },
    employment: {
      internship: ['tirocinio', 'stage', 'tirocinante'],
      freelance: ['partita iva', 'libero professionista'],
      contract: ['tempo determinato', 'contratto a termine', 'somministrazione'],
      'part-time': ['part-time', 'part time', 'tempo parziale'],
      'full-time': ['tempo pieno', 'full time', 'full-time', 'tempo indeterminato'],
    },
    remote: ['da remoto', 'lavoro da remoto', 'smart working'],
    hybrid: ['ibrido', 'ibrida'],
    otherJobs: [
      'altre posizioni aperte',
      'altre offerte',
      'annunci correlati',
      'offerte simili',
      'posizioni aperte',
      'posizioni simili',
    ],
    sections: ['responsabilità', 'requisiti', 'attività', 'cosa farai', 'cosa cerchiamo', 'descrizione', 'mansioni'],
    duties: ['responsabilità', 'attività', 'cosa farai', 'mansioni', 'principali attività'],
    requirements: ['requisiti', 'cosa cerchiamo', 'profilo', 'il candidato ideale', 'requisiti richiesti'],
    apply: ['candidati', 'candidati ora', 'invia la candidatura', 'candidatura'],
    careers: ['lavora con noi', 'carriere', 'offerte di lavoro', 'avviso di selezione'],
  },
  pt: {
    labels: {
      location: ['local', 'local de trabalho', 'localização', 'cidade', 'localidade'],
      job_type: [
        'regime',
        'regime de contratação',
        'tipo de contrato',
        'contrato',
        'jornada',
        'horário',
        'tipo de vaga',
        'modelo de contratação',
      ],
      salary_range: ['salário', 'faixa salarial', 'remuneração', 'vencimento', 'ordenado'],
      company: ['empresa', 'empregador'],
      title: ['cargo', 'função', 'vaga'],
      deadline: ['prazo', 'data limite'],
    },
    employment: {
      internship: ['estágio', 'estagiário', 'estagio'],
      freelance: ['pj', 'freelancer', 'autônomo', 'prestador de serviços'],
      contract: ['temporário', 'contrato a termo', 'termo certo'],
      'part-time': ['meio período', 'meio-período', 'tempo parcial', 'part-time'],
      'full-time': [
        'período integral',
        'tempo integral',
        'tempo inteiro',
        'clt',
        'efetivo',
        'contrato sem termo',
        'sem termo',
      ],
    },
    remote: ['remoto', 'home office', 'teletrabalho', '100% remoto'],
    hybrid: ['híbrido', 'hibrido'],
    otherJobs: ['vagas relacionadas', 'outras vagas', 'vagas semelhantes', 'outras oportunidades', 'vagas similares'],
    sections: [
      'responsabilidades',
      'requisitos',
      'sobre a vaga',
      'funções',
      'perfil',
      'atividades',
      'descrição da vaga',
      'requisitos e qualificações',
    ],
    duties: ['responsabilidades', 'funções', 'atividades', 'o que você vai fazer', 'principais atividades'],
    requirements: ['requisitos', 'perfil', 'requisitos e qualificações', 'qualificações', 'o que procuramos'],
    apply: ['candidatar', 'candidatar-se', 'candidate-se', 'quero me candidatar'],
    careers: ['trabalhe conosco', 'carreiras', 'vagas', 'oportunidades', 'recrutamento'],
  },
  sv: {
    labels: {
      location: ['ort', 'arbetsort', 'placering', 'plats', 'kontor', 'stad'],
      job_type: ['anställningsform', 'omfattning', 'varaktighet', 'tjänstgöringsgrad', 'arbetstid', 'anställningstyp'],
      salary_range: ['lön', 'lönespann', 'månadslön', 'ersättning'],
      company: ['arbetsgivare', 'företag', 'organisation'],
      title: ['titel', 'befattning', 'tjänst'],
      deadline: ['sista ansökningsdag', 'sista ansökningsdatum'],
    },
    employment: {
      internship: ['praktik', 'praktikant', 'sommarjobb'],
      freelance: ['konsultuppdrag', 'frilans'],
      contract: ['vikariat', 'visstidsanställning', 'tidsbegränsad', 'projektanställning', 'provanställning'],
      'part-time': ['deltid'],
      'full-time': ['heltid', 'tillsvidareanställning', 'tillsvidare', 'fast anställning'],
    },
    remote: ['distans', 'på distans', 'helt på distans'],
    hybrid: ['hybrid', 'hybridarbete'],
    otherJobs: ['fler lediga jobb', 'fler jobb', 'liknande jobb', 'andra jobb', 'lediga tjänster'],
    sections: ['om tjänsten', 'arbetsuppgifter', 'kvalifikationer', 'vi söker dig som', 'om dig', 'vi erbjuder'],
    duties: ['arbetsuppgifter', 'om tjänsten', 'dina arbetsuppgifter', 'vad du kommer att göra'],
    requirements: ['kvalifikationer', 'vi söker dig som', 'om dig', 'krav', 'meriterande'],
    apply: ['ansök', 'ansök nu', 'sök tjänsten', 'sök jobbet'],
    careers: ['lediga jobb', 'jobba hos oss', 'karriär', 'jobb'],
  },
  da: {
    labels: {
      location: ['arbejdssted', 'lokation', 'sted', 'by', 'adresse'],
      job_type: ['ansættelsesform', 'ansættelse', 'stillingstype', 'arbejdstid', 'timer', 'ansættelsestype'],
      salary_range: ['løn', 'lønniveau', 'gage', 'månedsløn'],
      company: ['arbejdsgiver', 'virksomhed'],
      title: ['stilling', 'stillingsbetegnelse'],
      deadline: ['ansøgningsfrist'],
    },
    employment: {
      internship: ['praktik', 'praktikant', 'studiejob'],
      freelance: ['freelance', 'konsulent'],
      contract: ['vikariat', 'tidsbegrænset', 'barselsvikariat', 'projektansættelse'],
      'part-time': ['deltid', 'deltidsstilling'],
      'full-time': ['fuldtid', 'fastansættelse', 'fast stilling', 'fuldtidsstilling'],
    },
    remote: ['fjernarbejde', 'remote'],
    hybrid: ['hybrid'],
    otherJobs: ['lignende job', 'andre job', 'flere job', 'ledige stillinger'],
    sections: ['dine opgaver', 'arbejdsopgaver', 'din profil', 'kvalifikationer', 'vi tilbyder', 'om stillingen'],
    duties: ['dine opgaver', 'arbejdsopgaver', 'opgaver', 'om stillingen'],
    requirements: ['din profil', 'kvalifikationer', 'vi forventer', 'krav'],
    apply: ['søg stillingen', 'søg jobbet', 'send ansøgning', 'ansøg'],
    careers: ['job', 'ledige stillinger', 'karriere', 'job i kommunen'],
  },
  no: {
    labels: {
      location: ['sted', 'arbeidssted', 'lokasjon', 'kontorsted', 'by'],
      job_type: ['stillingstype', 'ansettelsesform', 'stillingsprosent', 'omfang', 'arbeidstid'],
      salary_range: ['lønn', 'lønnsspenn', 'lønnstrinn'],
      company: ['arbeidsgiver', 'selskap', 'virksomhet'],
      title: ['stillingstittel', 'stilling'],
      deadline: ['søknadsfrist'],
    },
    employment: {
      internship: ['trainee', 'praksis', 'sommerjobb', 'lærling'],
      freelance: ['frilans', 'konsulentoppdrag'],
      contract: ['vikariat', 'engasjement', 'midlertidig', 'prosjektstilling'],
      'part-time': ['deltid', 'deltidsstilling'],
      'full-time': ['heltid', 'fast', 'fast stilling', 'fast ansettelse', 'heltidsstilling'],
    },
    remote: ['fjernarbeid', 'hjemmekontor'],
    hybrid: ['hybrid'],
    otherJobs: [
      'lignende stillinger',
      'lignende annonser',
      'andre stillinger',
      'flere stillinger',
      'ledige stillinger',
    ],
    sections: [
      'arbeidsoppgaver',
      'kvalifikasjoner',
      'vi tilbyr',
      'om stillingen',
      'personlige egenskaper',
      'nøkkelinformasjon',
    ],
    duties: ['arbeidsoppgaver', 'dine oppgaver', 'om stillingen'],
    requirements: ['kvalifikasjoner', 'personlige egenskaper', 'vi ser etter', 'krav'],
    apply: ['søk her', 'søk på stillingen', 'søk nå', 'send søknad'],
    careers: ['ledige stillinger', 'jobb hos oss', 'karriere', 'stillinger'],
  },
  fi: {
    labels: {
      location: ['sijainti', 'työpaikan sijainti', 'paikkakunta', 'toimipaikka', 'työskentelypaikka', 'kaupunki'],
      job_type: ['työsuhde', 'työsuhteen tyyppi', 'työsuhteen kesto', 'työaika', 'työn tyyppi'],
      salary_range: ['palkka', 'palkkaus', 'palkkahaarukka', 'kuukausipalkka'],
      company: ['työnantaja', 'yritys', 'organisaatio'],
      title: ['tehtävänimike', 'nimike'],
      deadline: ['haku päättyy', 'hakuaika päättyy'],
    },
    employment: {
      internship: ['harjoittelu', 'harjoittelija', 'kesätyö'],
      freelance: ['freelance', 'toiminimi'],
      contract: ['määräaikainen', 'sijaisuus', 'projektityö'],
      'part-time': ['osa-aikainen', 'osa-aikatyö', 'osa-aika'],
      'full-time': ['kokoaikainen', 'kokoaikatyö', 'vakituinen', 'toistaiseksi voimassa oleva'],
    },
    remote: ['etätyö', 'etänä', 'täysin etänä'],
    hybrid: ['hybridityö', 'hybridi'],
    otherJobs: ['muut avoimet työpaikat', 'samankaltaiset työpaikat', 'muita työpaikkoja', 'avoimet työpaikat'],
    sections: ['tehtävät', 'mitä teet', 'odotamme sinulta', 'tarjoamme', 'tehtävän kuvaus', 'vaatimukset'],
    duties: ['tehtävät', 'mitä teet', 'tehtävän kuvaus', 'työtehtävät'],
    requirements: ['odotamme sinulta', 'vaatimukset', 'osaaminen', 'pätevyysvaatimukset'],
    apply: ['hae paikkaa', 'hae nyt', 'hae työpaikkaa', 'hae'],
    careers: ['avoimet työpaikat', 'rekrytointi', 'ura', 'työpaikat'],
  },
};
