/**
 * Ways of working that résumés and postings name as skills — testing, design, data, delivery and management — each
 * under one English name with its names in the twelve languages the readers know (English, German, French, Spanish,
 * Italian, Portuguese, Dutch, Polish, Swedish, Danish, Norwegian, Finnish), so 'Testautomatisierung' and 'tests
 * automatisés' are one skill. One entry a line: 'Name|synonym|synonym'. Spaces and hyphens in a term match each other
 * or nothing ('Usability-Tests' = 'usability tests' = 'Usabilitytests'). A kind of practice is its own entry, never
 * folded into a broader one (load testing is not performance testing). The clinical part holds what clinicians do
 * (wound care, medication reconciliation, patient education), not the systems they do it in.
 *
 * These are read from résumés (recogniseSkills with practices: true); a posting's skills stay the named tools,
 * standards and credentials of the main vocabulary.
 */
const ENTRIES = `
Test automation|automated testing|automated tests|Test-Automatisierung|automatisierte Tests|automatisation des tests|tests automatisés|automatización de pruebas|pruebas automatizadas|automazione dei test|test automatizzati|test-automatisering|geautomatiseerd testen|automação de testes|testes automatizados|automatyzacja testów|testy automatyczne|automatiserade tester|automatiseret test|automatisert testing|testiautomaatio
API testing|API tests|API-Tests|API-Testing|tests d'API|tests API|pruebas de API|test delle API|test API|API-testen|testes de API|testy API|API-testning|API-test|API-testaus
Unit testing|unit tests|Unit-Tests|Modultests|tests unitaires|pruebas unitarias|test unitari|unit-testen|testes unitários|testy jednostkowe|enhetstester|enhedstest|enhetstesting|yksikkötestaus
Integration testing|integration tests|Integrationstests|tests d'intégration|pruebas de integración|test di integrazione|integratietesten|testes de integração|testy integracyjne|integrationstester|integrationstest|integrasjonstesting|integraatiotestaus
Regression testing|regression tests|Regressionstests|tests de non-régression|tests de régression|pruebas de regresión|test di regressione|regressietesten|testes de regressão|testy regresyjne|regressionstester|regressionstest|regresjonstesting|regressiotestaus
Performance testing|performance tests|Performancetests|Leistungstests|tests de performance|pruebas de rendimiento|test di prestazione|test delle prestazioni|performancetesten|testes de desempenho|testes de performance|testy wydajnościowe|prestandatester|ytelsestesting|suorituskykytestaus
Load testing|load tests|Lasttests|tests de charge|pruebas de carga|test di carico|belastingtesten|testes de carga|testy obciążeniowe|lasttester|belastningstest|lasttesting|kuormitustestaus
Test management|Testmanagement|gestion des tests|gestión de pruebas|gestione dei test|testmanagement|gestão de testes|zarządzanie testami|testledning|testledelse|testauksen hallinta
Code review|code reviews|Code-Reviews|revue de code|revues de code|revisión de código|revisione del codice|code-reviews|revisão de código|przegląd kodu|kodgranskning|kodegennemgang|kodegjennomgang|koodikatselmointi
Quality assurance|Qualitätssicherung|assurance qualité|aseguramiento de la calidad|garantía de calidad|garanzia della qualità|assicurazione qualità|kwaliteitsborging|garantia de qualidade|garantia da qualidade|zapewnienie jakości|kvalitetssäkring|kvalitetssikring|laadunvarmistus
Quality management|quality management system|quality management systems|Qualitätsmanagement|Qualitätsmanagementsystem|gestion de la qualité|système de management de la qualité|gestión de la calidad|sistema de gestión de calidad|gestione della qualità|sistema di gestione della qualità|kwaliteitsmanagement|kwaliteitszorg|gestão da qualidade|sistema de gestão da qualidade|zarządzanie jakością|kvalitetsledning|kvalitetsstyring|kvalitetsledelse|laadunhallinta
Accessibility|a11y|web accessibility|digital accessibility|Barrierefreiheit|digitale Barrierefreiheit|accessibilité|accessibilité numérique|accesibilidad|accesibilidad web|accessibilità|toegankelijkheid|digitale toegankelijkheid|acessibilidade|dostępność cyfrowa|tillgänglighet|digital tillgänglighet|digital tilgængelighed|universell utforming|saavutettavuus
Design systems|design system|Designsystem|Designsysteme|système de design|systèmes de design|sistema de diseño|sistemas de diseño|sistema di design|designsysteem|sistema de design|system projektowy|designsystemer|suunnittelujärjestelmä
Prototyping|prototypage|prototipado|prototipazione|prototipagem|prototypowanie|prototypning|prototypering|prototypointi
Wireframing|wireframes|maquettage|maquetación|wireframe|makietowanie
Usability testing|Usability-Testing|Nutzertests|tests utilisateurs|tests d'utilisabilité|pruebas de usabilidad|test di usabilità|usabilitytesten|gebruikerstesten|testes de usabilidade|testy użyteczności|användbarhetstester|användartester|brugertest|brukertesting|käytettävyystestaus
UX design|user experience design|UX-Design|conception UX|design UX|diseño UX|diseño de experiencia de usuario|projektowanie UX
UI design|user interface design|UI-Design|conception d'interfaces|design d'interface|diseño de interfaces|diseño UI|progettazione di interfacce|interfaceontwerp|design de interfaces|projektowanie interfejsów
Interaction design|Interaktionsdesign|design d'interaction|diseño de interacción|interactieontwerp|design de interação|projektowanie interakcji
Information architecture|Informationsarchitektur|architecture de l'information|arquitectura de la información|architettura dell'informazione|informatiearchitectuur|arquitetura da informação|architektura informacji|informationsarkitektur
Service design|Service-Design|design de services|diseño de servicios|servicedesign
Design thinking
Data analysis|data analytics|Datenanalyse|Datenauswertung|analyse de données|analyse des données|análisis de datos|analisi dei dati|analisi dati|data-analyse|análise de dados|analiza danych|dataanalys|dataanalyse|data-analyysi
Data visualization|data visualisation|Datenvisualisierung|visualisation de données|visualisation des données|visualización de datos|visualizzazione dei dati|datavisualisatie|visualização de dados|wizualizacja danych|datavisualisering|tietojen visualisointi
Statistics|Statistik|statistiques|estadística|statistica|statistiek|estatística|statystyka|statistikk|tilastotiede
Data migration|Datenmigration|migration de données|migration des données|migración de datos|migrazione dei dati|datamigratie|migração de dados|migracja danych|datamigrering|datamigration
Data conversion|Datenkonvertierung|conversion de données|conversion des données|conversión de datos|conversione dei dati|dataconversie|conversão de dados|konwersja danych
Project management|Projektmanagement|Projektleitung|gestion de projet|gestion de projets|conduite de projet|gestión de proyectos|dirección de proyectos|gestione dei progetti|gestione progetti|projectmanagement|projectleiding|gestão de projetos|gestão de projectos|zarządzanie projektami|projektledning|projektledelse|prosjektledelse|projektinhallinta|projektinjohto
Program management|programme management|Programmmanagement|gestion de programme|gestión de programas|gestione del programma|programmamanagement|gestão de programas
Product strategy|Produktstrategie|stratégie produit|stratégie de produit|estrategia de producto|strategia di prodotto|productstrategie|estratégia de produto
Go-to-market|go-to-market strategy|GTM strategy
Strategic planning|strategische Planung|planification stratégique|planificación estratégica|pianificazione strategica|strategische planning|planejamento estratégico|planeamento estratégico|planowanie strategiczne|strategisk planering|strategisk planlægning|strategisk planlegging|strateginen suunnittelu
Stakeholder management|stakeholder engagement|Stakeholder-Management|gestion des parties prenantes|gestión de stakeholders|gestión de partes interesadas|gestione degli stakeholder|gestão de stakeholders|gestão de partes interessadas|zarządzanie interesariuszami|intressenthantering|interessenthåndtering|sidosryhmäyhteistyö
Vendor management|supplier management|Lieferantenmanagement|gestion des fournisseurs|gestión de proveedores|gestione dei fornitori|leveranciersmanagement|gestão de fornecedores|zarządzanie dostawcami|leverantörshantering|leverandørstyring
Change management|Change-Management|Veränderungsmanagement|conduite du changement|gestion du changement|gestión del cambio|gestione del cambiamento|verandermanagement|gestão da mudança|gestão de mudanças|zarządzanie zmianą|förändringsledning|forandringsledelse|endringsledelse|muutosjohtaminen
Risk management|Risikomanagement|gestion des risques|gestión de riesgos|gestione del rischio|gestione dei rischi|risicomanagement|gestão de riscos|gestão do risco|zarządzanie ryzykiem|riskhantering|risikostyring|risikohåndtering|riskienhallinta
Process improvement|process optimization|process optimisation|Prozessoptimierung|Prozessverbesserung|amélioration des processus|optimisation des processus|mejora de procesos|optimización de procesos|miglioramento dei processi|ottimizzazione dei processi|procesverbetering|procesoptimalisatie|melhoria de processos|otimização de processos|doskonalenie procesów|optymalizacja procesów|processförbättring|procesforbedring|procesoptimering|prosessforbedring|prosessien kehittäminen
Quality improvement|Qualitätsverbesserung|amélioration de la qualité|mejora de la calidad|miglioramento della qualità|kwaliteitsverbetering|melhoria da qualidade|poprawa jakości|kvalitetsförbättring|kvalitetsforbedring|laadun parantaminen
Requirements engineering|requirements analysis|requirements gathering|requirements management|Anforderungsanalyse|Anforderungsmanagement|analyse des besoins|recueil des besoins|gestion des exigences|análisis de requisitos|gestión de requisitos|levantamiento de requisitos|analisi dei requisiti|raccolta dei requisiti|requirementsanalyse|eisenanalyse|análise de requisitos|levantamento de requisitos|analiza wymagań|kravanalys|kravhantering|kravanalyse|kravhåndtering|vaatimusmäärittely
Business analysis|Business-Analyse|analyse métier|análisis de negocio|analisi di business|bedrijfsanalyse|análise de negócios|analiza biznesowa|verksamhetsanalys|forretningsanalyse
Process modeling|process modelling|process mapping|business process modeling|Prozessmodellierung|Geschäftsprozessmodellierung|modélisation des processus|cartographie des processus|modelado de procesos|modellazione dei processi|procesmodellering|modelagem de processos|modelação de processos|modelowanie procesów|processmodellering
Workflow analysis|workflow redesign|clinical workflow analysis|Workflow-Analyse|analyse des flux de travail|análisis de flujos de trabajo|analisi dei flussi di lavoro|workflowanalyse|análise de fluxos de trabalho|analiza przepływu pracy
Budgeting|budget management|budget planning|Budgetierung|Budgetplanung|gestion budgétaire|gestion du budget|budgétisation|gestión presupuestaria|gestión del presupuesto|gestione del budget|budgettering|budgetbeheer|gestão orçamental|gestão orçamentária|orçamentação|budżetowanie|zarządzanie budżetem|budgetering|budsjettering|budjetointi
Team leadership|people management|team management|Teamleitung|Teamführung|Mitarbeiterführung|Personalführung|management d'équipe|encadrement d'équipe|gestion d'équipe|liderazgo de equipos|gestión de equipos|dirección de equipos|gestione del team|leadership del team|leidinggeven|teamleiderschap|liderança de equipes|liderança de equipas|gestão de equipes|gestão de equipas|zarządzanie zespołem|kierowanie zespołem|teamledning|personalledning|teamledelse|personaleledelse|esihenkilötyö
Operations management|gestion des opérations|gestión de operaciones|gestione delle operazioni|operationeel management|gestão de operações
Technical writing|technical documentation|technische Dokumentation|rédaction technique|documentation technique|redacción técnica|documentación técnica|scrittura tecnica|documentazione tecnica|technische documentatie|redação técnica|documentação técnica|dokumentacja techniczna|teknisk dokumentation|teknisk dokumentasjon|tekninen dokumentaatio
System integration|systems integration|Systemintegration|intégration de systèmes|intégration des systèmes|integración de sistemas|integrazione di sistemi|systeemintegratie|integração de sistemas|integracja systemów|systemintegrasjon|järjestelmäintegraatio
Interoperability|healthcare interoperability|Interoperabilität|interopérabilité|interoperabilidad|interoperabilità|interoperabiliteit|interoperabilidade|interoperacyjność|interoperabilitet|yhteentoimivuus
Interface engines|interface engine|integration engine|integration engines|Kommunikationsserver|moteur d'interfaces|moteur d'intégration|motor de integración|motore di integrazione|integratie-engine|motor de integração
DevOps
DevSecOps
Infrastructure as code|IaC
Site reliability engineering|SRE
IT service management|ITSM|IT-Service-Management
Information security|infosec|Informationssicherheit|sécurité de l'information|sécurité des systèmes d'information|seguridad de la información|sicurezza delle informazioni|informatiebeveiliging|segurança da informação|bezpieczeństwo informacji|informationssäkerhet|informationssikkerhed|informasjonssikkerhet|tietoturva
Cybersecurity|cyber security|Cybersicherheit|cybersécurité|ciberseguridad|cybersicurezza|cyberbeveiliging|cibersegurança|cyberbezpieczeństwo|cybersäkerhet|cybersikkerhed|cybersikkerhet|kyberturvallisuus
Data protection|Datenschutz|protection des données|protección de datos|protezione dei dati|gegevensbescherming|proteção de dados|ochrona danych osobowych|dataskydd|databeskyttelse|personvern|tietosuoja
Business continuity|business continuity planning|Business Continuity Management|continuité d'activité|continuidad de negocio|continuità operativa|bedrijfscontinuïteit|continuidade de negócio
Database administration|Datenbankadministration|administration de bases de données|administración de bases de datos|amministrazione di database|databasebeheer|administração de bases de dados|administracja bazami danych|databasadministration|databaseadministration
System administration|systems administration|Systemadministration|administration système|administration systèmes|administración de sistemas|amministrazione di sistema|amministrazione di sistemi|systeembeheer|administração de sistemas|administracja systemami|systemadministrasjon|järjestelmähallinta
Network administration|Netzwerkadministration|administration réseau|administración de redes|amministrazione di rete|netwerkbeheer|administração de redes|administracja sieciami|nätverksadministration
End-user training|user training|Anwenderschulung|Anwenderschulungen|Benutzerschulung|formation des utilisateurs|formation utilisateurs|formación de usuarios|formazione degli utenti|gebruikerstraining|formação de utilizadores|formação de usuários|szkolenia użytkowników|användarutbildning|brugeruddannelse|brukeropplæring|käyttäjäkoulutus
Go-live support|go-live|Go-Live-Begleitung|Go-Live-Unterstützung|accompagnement au démarrage|soporte al arranque|supporto al go-live|go-live-ondersteuning|suporte ao go-live
EHR optimization|EHR optimisation|EMR optimization
EHR implementation|EMR implementation|EHR rollout|KIS-Einführung|déploiement du DPI|implantación de la historia clínica electrónica|implementazione della cartella clinica elettronica|EPD-implementatie|implementação do prontuário eletrônico
Interface development|HL7 interface development|Schnittstellenentwicklung|développement d'interfaces|desarrollo de interfaces|sviluppo di interfacce|interface-ontwikkeling|desenvolvimento de interfaces|tworzenie interfejsów|gränssnittsutveckling
Data engineering|Datenengineering|ingénierie des données|ingeniería de datos|ingegneria dei dati|engenharia de dados|inżynieria danych
Data science|science des données|ciencia de datos|scienza dei dati|ciência de dados|datavetenskap
Business intelligence|BI|Business-Intelligence|informatique décisionnelle|inteligencia de negocio|inteligência de negócios
Predictive modeling|predictive modelling|predictive analytics|prädiktive Modellierung|prädiktive Analytik|modélisation prédictive|analyse prédictive|modelado predictivo|análisis predictivo|modellazione predittiva|analisi predittiva|voorspellende modellen|modelagem preditiva|análise preditiva
Customer journey mapping|journey mapping|patient journey mapping|Customer-Journey-Mapping|cartographie du parcours client|mapa de experiencia|customer journey map
SEO|search engine optimization|search engine optimisation|Suchmaschinenoptimierung|référencement naturel|posicionamiento web|ottimizzazione per i motori di ricerca|zoekmachineoptimalisatie
Regulatory affairs|Regulatory Affairs|affaires réglementaires|asuntos regulatorios|assuntos regulatórios|affari regolatori
Post-market surveillance|post market surveillance|Marktüberwachung nach dem Inverkehrbringen|Post-Market-Surveillance|surveillance après commercialisation|vigilancia poscomercialización|sorveglianza post-commercializzazione|vigilância pós-comercialização
Internal auditing|internal audits|interne Audits|audits internes|auditorías internas|audit interni|interne audits|auditorias internas|audyty wewnętrzne|internrevision
CAPA|corrective and preventive action|corrective and preventive actions|Korrektur- und Vorbeugemaßnahmen|actions correctives et préventives|acciones correctivas y preventivas|azioni correttive e preventive
Root cause analysis|RCA|Ursachenanalyse|analyse des causes racines|analyse des causes profondes|análisis de causa raíz|analisi delle cause profonde|analisi delle cause radice|oorzaakanalyse|análise de causa raiz|analiza przyczyn źródłowych|rotorsaksanalys|årsagsanalyse|rotårsaksanalyse|juurisyyanalyysi
FMEA|failure mode and effects analysis|Fehlermöglichkeits- und Einflussanalyse|AMDEC|AMFE
Verification and validation|V&V|Verifikation und Validierung|vérification et validation|verificación y validación|verifica e validazione|verificatie en validatie|verificação e validação
IEC 62366
Usability engineering|Usability-Engineering|ingénierie de l'aptitude à l'utilisation
Clinical safety|clinical safety case|clinical risk management
Clinical governance
Release of information
Health information management|HIM
Clinical documentation improvement
Clinical documentation|klinische Dokumentation|Pflegedokumentation|documentation clinique|documentation médicale|documentación clínica|documentazione clinica|documentazione sanitaria|klinische documentatie|documentação clínica|dokumentacja medyczna|klinisk dokumentation|journalføring|klinisk dokumentasjon|kliininen dokumentointi
Patient education|patient teaching|Patientenschulung|Patientenedukation|éducation thérapeutique|éducation thérapeutique du patient|éducation du patient|educación del paciente|educación sanitaria|educazione terapeutica|educazione del paziente|patiëntenvoorlichting|patiënteducatie|educação do paciente|educação para a saúde|edukacja pacjenta|edukacja zdrowotna|patientutbildning|patientundervisning|pasientopplæring|potilasohjaus
Patient safety|Patientensicherheit|sécurité des patients|sécurité du patient|seguridad del paciente|sicurezza del paziente|sicurezza dei pazienti|patiëntveiligheid|segurança do paciente|segurança do doente|bezpieczeństwo pacjenta|patientsäkerhet|patientsikkerhed|pasientsikkerhet|potilasturvallisuus
Medication safety|Arzneimitteltherapiesicherheit|sécurité médicamenteuse|seguridad del medicamento|sicurezza dei farmaci|medicatieveiligheid|segurança do medicamento|läkemedelssäkerhet|lægemiddelsikkerhed|legemiddelsikkerhet|lääkitysturvallisuus
Medication reconciliation|med rec|Medikationsabgleich|conciliation médicamenteuse|conciliación de la medicación|conciliación farmacoterapéutica|riconciliazione farmacologica|medicatieverificatie|reconciliação medicamentosa|reconciliação terapêutica|läkemedelsavstämning|medicinafstemning|legemiddelsamstemming|lääkityksen täsmäytys
Wound care|Wundversorgung|Wundmanagement|soins des plaies|cuidado de heridas|cura delle ferite|wondzorg|tratamento de feridas|leczenie ran|sårvård|sårpleje|sårbehandling|haavanhoito
Infection prevention|infection control|infection prevention and control|Infektionsprävention|Krankenhaushygiene|prévention des infections|hygiène hospitalière|prevención de infecciones|control de infecciones|prevenzione delle infezioni|controllo delle infezioni|infectiepreventie|prevenção de infeções|prevenção de infecções|controle de infecção|profilaktyka zakażeń|vårdhygien|infektionshygiejne|smittevern|infektioiden torjunta
Discharge planning|Entlassmanagement|planification de la sortie|planificación del alta|pianificazione della dimissione|ontslagplanning|planejamento de alta|planeamento da alta|utskrivningsplanering|udskrivelsesplanlægning|utskrivningsplanlegging|kotiutussuunnittelu
Case management|Fallmanagement|gestion de cas|gestión de casos|gestione dei casi|casemanagement|gestão de casos
Utilization management|utilization review
Clinical pathways|care pathways|clinical pathway|care pathway|Behandlungspfade|klinische Behandlungspfade|chemins cliniques|vías clínicas|percorsi diagnostico-terapeutici|PDTA|zorgpaden|klinische paden|percursos clínicos|ścieżki kliniczne|vårdförlopp|pakkeforløb|pasientforløp|hoitopolut
ECG|EKG|electrocardiography|Elektrokardiographie|électrocardiographie|electrocardiografía|elettrocardiografia|elektrocardiografie|eletrocardiografia
Disaster recovery|Notfallwiederherstellung|reprise après sinistre|recuperación ante desastres|disaster recovery plan
`;

/**
 * Names in the other languages of skills the main vocabulary knows by their English names (an entry here with a main
 * entry's name adds names to it): 'Telemedizin' is Telehealth, 'maschinelles Lernen' Machine Learning.
 */
const TRANSLATIONS = `
ePrescribing|electronic prescribing|e-prescription|E-Rezept|ordonnance électronique|prescription électronique|receta electrónica|prescripción electrónica|ricetta elettronica|ricetta dematerializzata|elektronisch voorschrijven|receita eletrónica|receita eletrônica|prescrição eletrónica|prescrição eletrônica|e-recepta|e-recept|e-resept|sähköinen resepti
Medical Billing|Abrechnung medizinischer Leistungen|facturation médicale|facturación médica|fatturazione sanitaria|medische facturatie|faturamento médico
Clinical Informatics|Medizininformatik|medizinische Informatik|informatique médicale|informatique clinique|informática médica|informática clínica|informatica medica|informatica clinica|medische informatica|klinische informatica|informática em saúde|informatyka medyczna|medicinsk informatik|medisinsk informatikk
Telehealth|Telemedizin|télémédecine|téléconsultation|telemedicina|telegeneeskunde|telezorg|telemedycyna|telemedicin|telemedisin
Remote Patient Monitoring|Telemonitoring|télésurveillance|télésurveillance médicale|telemonitorización|monitorización remota de pacientes|telemonitoraggio|telemonitorização|telemonitoramento|monitorização remota de doentes|telemonitorering
Care Coordination|coordination des soins|coordination de parcours|coordination du parcours de soins|coordinación asistencial|coordinación de cuidados|coordinamento delle cure|zorgcoördinatie|coordenação de cuidados|koordynacja opieki|vårdkoordinering|hoidon koordinointi
Population Health|Bevölkerungsgesundheit|santé des populations|salud poblacional|salute della popolazione|populatiegezondheid|saúde populacional
Clinical Decision Support|klinische Entscheidungsunterstützung|aide à la décision clinique|apoyo a la decisión clínica|supporto alle decisioni cliniche|klinische beslissingsondersteuning|apoio à decisão clínica
Clinical Trials|klinische Studien|essais cliniques|ensayos clínicos|sperimentazioni cliniche|studi clinici|klinische studies|ensaios clínicos|badania kliniczne|kliniska prövningar|kliniske forsøg|kliniske studier|kliiniset tutkimukset
Pharmacovigilance|Pharmakovigilanz|farmacovigilancia|farmacovigilanza|farmacovigilantie|farmacovigilância
Microservices|Microservice|microservicios|microservizi|microsserviços|mikroserwisy|mikrotjänster
Deep Learning|apprentissage profond|aprendizaje profundo|apprendimento profondo|uczenie głębokie
Data modeling|data modelling|Datenmodellierung|modélisation des données|modélisation de données|modelado de datos|modellazione dei dati|datamodellering|modelagem de dados|modelação de dados|modelowanie danych|tietomallinnus
Data warehousing|Data-Warehouse|entrepôt de données|almacén de datos|datawarehouse|armazém de dados|hurtownia danych
Data governance|Data-Governance|gouvernance des données|gobierno de datos|gobernanza de datos|governance dei dati|datagovernance|governança de dados|governação de dados
Data quality|Datenqualität|qualité des données|calidad de datos|calidad de los datos|qualità dei dati|datakwaliteit|qualidade dos dados|qualidade de dados|jakość danych|datakvalitet|tiedon laatu
Computer Vision|vision par ordinateur|visión por computador|visión artificial|visione artificiale|computervisie|visão computacional
User Research|user interviews|Nutzerforschung|UX-Research|recherche utilisateur|recherche UX|investigación de usuarios|investigación UX|ricerca utente|ricerca sugli utenti|gebruikersonderzoek|pesquisa com usuários|pesquisa de utilizadores|badania użytkowników|användarundersökningar|brugerundersøgelser|brukerundersøkelser|käyttäjätutkimus
Agile|agile methodologies|agile Methoden|méthodes agiles|méthodologie agile|metodologías ágiles|metodologia agile|metodologie agili|agile werken|metodologias ágeis|metodyki zwinne|agila metoder|agile metoder|ketterät menetelmät
Machine Learning|maschinelles Lernen|apprentissage automatique|aprendizaje automático|apprendimento automatico|aprendizado de máquina|aprendizagem automática|uczenie maszynowe|maskininlärning|maskinlæring|koneoppiminen
NLP|Verarbeitung natürlicher Sprache|traitement automatique du langage|procesamiento del lenguaje natural|elaborazione del linguaggio naturale|processamento de linguagem natural
`;

/** Terms that are also ordinary words or abbreviations: matched only with this exact capitalisation. */
const CASE_SENSITIVE = `
IaC|SRE|ITSM|GTM strategy|HIM|PDTA|ECG|EKG|BI|SEO|RCA|CAPA|FMEA|AMDEC|AMFE|V&V
`;

export const PRACTICE_SKILLS_CASE_SENSITIVE = CASE_SENSITIVE.trim().split(/[|\n]/);

export const PRACTICE_SKILLS: { name: string; synonyms: string[] }[] = `${ENTRIES.trim()}\n${TRANSLATIONS.trim()}`
  .split('\n')
  .map((line) => {
    const [name = '', ...synonyms] = line.split('|').map((t) => t.trim());
    return { name, synonyms };
  });
