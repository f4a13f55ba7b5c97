/**
 * Healthcare technology skills: clinical systems and their modules, interoperability standards and engines,
 * code sets, revenue cycle, clinical credentials, quality programmes and regulation. One entry a line:
 * 'Name|synonym|synonym'. Specific tools are their own entries so an imported job keeps what the posting names.
 */
const ENTRIES = `
Epic Beaker|Beaker
Epic Willow|Willow Inpatient|Willow Ambulatory
Epic ClinDoc|ClinDoc
Epic Cadence|Cadence scheduling
Epic Grand Central|Grand Central
Epic Resolute|Resolute HB|Resolute PB
Epic Prelude
Epic Ambulatory|EpicCare Ambulatory
Epic Bridges
Epic Caboodle|Caboodle
Epic Cogito|Cogito
Epic MyChart|MyChart
Epic Reporting Workbench|Reporting Workbench
Epic Radiant
Epic OpTime|OpTime
Epic Stork
Epic Healthy Planet|Healthy Planet
Epic Tapestry
NextGen|NextGen Healthcare
Greenway Health|Greenway Intergy
ModMed|Modernizing Medicine
Practice Fusion
DrChrono
Kareo|Tebra
AdvancedMD
NetSmart
myAvatar|Netsmart myAvatar|myAvatar NX
athenaOne
athenaClinicals
athenaCollector
Epic Clarity|Clarity reporting
Meditech Expanse|MEDITECH Expanse
Cerner PowerChart|PowerChart
Cerner FirstNet|FirstNet
Cerner SurgiNet|SurgiNet
Cerner PathNet|PathNet
Cerner Soarian|Soarian|Soarian Clinicals
SystmOne|TPP SystmOne
EMIS Web|EMIS
Lorenzo|DXC Lorenzo
RiO|RiO EPR
Cosmic|Cambio Cosmic
TakeCare
Melior
DIPS Arena|DIPS
Lifecare
Esko
Pegasos
Effica
Apotti
Cura|Systematic Cura
Columna
KWS
AMMS
mMedica
SClínico
Sillage
Lauris
SAP IS-H|IS-H
ORBIS U
i.s.h.med
TISS|padrão TISS
HDS|hébergement de données de santé|Hébergeur de Données de Santé
NHS Spine|Spine
GP Connect
IHE XDS.b
PointClickCare
MatrixCare
WellSky
Homecare Homebase|HCHB
Brightree
SimplePractice
TherapyNotes
Elation Health|Elation
Canvas Medical
Healthie
HiX
Nedap Ons
ORBIS|Dedalus ORBIS
MEDISTAR
CGM|CompuGroup Medical
Doctolib
Medidata Rave|Rave EDC
Medidata
Veeva Vault
Veeva CRM
Veeva
Oracle Clinical|Oracle InForm|InForm
REDCap
OpenClinica
CDISC
SDTM
CDASH
ADaM
Sunquest
Data Innovations|Instrument Manager
LabVantage
STARLIMS
LIMS
LIS|laboratory information system
RIS|radiology information system
PACS|picture archiving
Sectra
Fuji Synapse|Synapse PACS
Intelerad
Nuance PowerScribe|PowerScribe
Dragon Medical|Dragon Medical One
Nuance DAX|DAX Copilot
Alaris|BD Alaris
Omnicell
Pyxis|BD Pyxis
Surescripts
Change Healthcare
Availity
Waystar
Experian Health
R1 RCM
Cerner Revenue Cycle|Cerner RevElate
Mirth Connect|NextGen Connect|Mirth
Rhapsody|Rhapsody Integration Engine
Cloverleaf|Infor Cloverleaf
Corepoint|Corepoint Integration Engine
InterSystems HealthShare|HealthShare
InterSystems IRIS|IRIS for Health
Caché|InterSystems Caché
ObjectScript
Iguana|iNTERFACEWARE
Redox
Health Gorilla
CommonWell
Carequality
TEFCA
IHE|IHE profiles
XDS|IHE XDS
HL7 CDA|CDA R2
SMART on FHIR apps|SMART app launch
CDS Hooks
DICOMweb
openEHR
OMOP|OMOP CDM
PCORnet
Da Vinci|Da Vinci project
USCDI
Direct Messaging|Direct Secure Messaging|DirectTrust
ADT|ADT feeds
ORU|ORU messages
NCPDP SCRIPT
ePrescribing|eRx|e-prescribing
837I|UB-04
837P|CMS-1500
ERA|electronic remittance advice
270/271|eligibility checks
HCPCS
ICD-11
DRG|MS-DRG
RxNorm
NDC|National Drug Code
CPT coding
HCC|risk adjustment|hierarchical condition categories
HEDIS
UDS
MIPS|MACRA
CMS quality measures|eCQM|eCQMs
CCLF
Medicare
Medicaid
Value-based Care|VBC
Prior Authorization|prior auth
Revenue Cycle Management|RCM
Charge Capture
Claims Processing|claims adjudication
Denials Management
Medical Billing
CDM|charge description master
Coding Audits
CCS|Certified Coding Specialist
RHIT
RHIA
CDIP
CCA
CPhT|Certified Pharmacy Technician
PharmD
MLS(ASCP)|MLS|MT(ASCP)
CIIP
CPHIMS
CAHIMS
CPHQ
CHDA
Epic certification|Epic certified
Nurse Practitioner|NP
PA-C|Physician Assistant
LCSW
PALS
NRP
CCRN
CNOR
TNCC
CMA|Certified Medical Assistant
CNA|Certified Nursing Assistant
EMT|Emergency Medical Technician
Paramedic
RRT|Registered Respiratory Therapist
Clinical Informatics|nursing informatics
Telehealth|telemedicine|virtual care
Remote Patient Monitoring|RPM
Care Coordination|care management
Population Health
Clinical Decision Support|CDS
Clinical Trials|clinical research
Pharmacovigilance
CAP accreditation|CAP
CLIA
CLSI
ISO 13485
ISO 14971
ISO 27001
IEC 60601
IEC 82304
EU MDR|MDR
IVDR
FDA 510(k)|510(k)
De Novo
21 CFR 820|QSR|FDA QSR
CE marking
SaMD|software as a medical device
GxP
GMP|Good Manufacturing Practice
GLP|Good Laboratory Practice
Good Clinical Practice|ICH-GCP|ICH GCP
Computer System Validation
Design controls
ICH E6
NIST CSF|NIST Cybersecurity Framework
NIST 800-53
FedRAMP
PCI DSS
CCPA
42 CFR Part 2
ONC certification|ONC Cures Act|21st Century Cures Act
Information blocking
HITECH Act
Joint Commission|JCAHO
Epic Hyperspace|Hyperspace
Epic Chronicles
Epic Kaleidoscope
Epic Rover
Epic Haiku
Epic Canto
Epic Beacon
Epic Cupid
Epic Lucy
Epic Care Everywhere|Care Everywhere
Epic Physician Builder|Physician Builder
Cerner CareNet|CareNet
Cerner PharmNet|PharmNet
Cerner RadNet|RadNet
Cerner HealtheIntent|HealtheIntent
Cerner Discern Expert|Discern Expert
Cerner CCL|Cerner Command Language
Meditech Magic
Allscripts Sunrise|Sunrise Clinical Manager
Allscripts TouchWorks|TouchWorks
CPSI|TruBridge
System C Medway
CareFlow|System C CareFlow
Nervecentre
Adastra
Docman
WinPath
e-Referral Service|NHS e-Referral Service
e-skierowanie
Helseplattformen
Kanta|Kanta-palvelut
NPÖ|Nationell patientöversikt
Helsenorge
ePA|elektronische Patientenakte
Telematikinfrastruktur
COPRA|COPRA PDMS
PDMS|patient data management system|Patientendatenmanagementsystem
Philips IntelliSpace Critical Care|ICCA|IntelliSpace Critical Care and Anesthesia
Meona
iMedOne
CGM Medico
DxCare|Dedalus DxCare
Crossway|Maincare Crossway
HPRIM|HPRIM Santé|HPRIM XML
Dossier Médical Partagé
Mon espace santé
MSSanté|messagerie sécurisée de santé
Ségur du numérique|Ségur numérique
CI-SIS
PGSSI-S
Diraya
Gacela Care|Gacela
HCIS|Dedalus HCIS
Glintt HS
SONHO
Registo de Saúde Eletrónico
NEN 7510
NEN 7512
NEN 7513
MedMij
Zorginformatiebouwstenen|ZIB|zorginformatiebouwsteen
BgZ|Basisgegevensset Zorg
Accuro EMR|Accuro
PS Suite
OSCAR EMR|OSCAR Pro
Med Access
PHIPA
PIPEDA
EHDS|European Health Data Space
DSPT|Data Security and Protection Toolkit|DSP Toolkit
Cyber Essentials Plus|Cyber Essentials+
Cyber Essentials
DCB0129|DCB 0129
DCB0160|DCB 0160
DTAC|Digital Technology Assessment Criteria
ISO 9001
ISO 27799
NIS2|NIS 2 Directive
BSI IT-Grundschutz|IT-Grundschutz
Esquema Nacional de Seguridad
i2b2
OHDSI
TriNetX
3M 360 Encompass|3M Encompass|360 Encompass
Optum EncoderPro|EncoderPro
TruCode
3M CodeFinder|CodeFinder
CPOE|computerized provider order entry|computerised physician order entry|computerized physician order entry
`;

/** Terms that are also ordinary words or abbreviations: matched only with this exact capitalisation. */
const CASE_SENSITIVE = `
Beaker|Grand Central|Caboodle|Cogito|Elation|Veeva|Mirth|Rhapsody|Iguana|Redox|ADT|ORU|ERA|DRG|NDC
HCC|UDS|CAP|NP|MLS|LIS|RIS|CDS|RPM|RCM|CDM|CCS|CCA|PA-C|EMT|MDR|Direct Messaging|Medicare|Medicaid
ADaM|SDTM|CDASH|GLP|GMP|GxP
Da Vinci|Canvas Medical|Greenway Health|CCPA|Cosmic|Cura|Esko|Lifecare|Spine|HDS|KWS|Columna|Melior|Effica
Pegasos|Lauris|Sillage|RiO|Lorenzo|EMIS|Clarity reporting|IS-H|TISS|AMMS
Hyperspace|Epic Beacon|Epic Lucy|CareNet|CareFlow|Adastra|Docman|Kanta|NPÖ|ePA|COPRA|PDMS|ICCA|Meona|Crossway|HPRIM
CI-SIS|Diraya|Gacela|HCIS|SONHO|ZIB|BgZ|Accuro|OSCAR Pro|EHDS|DSPT|DTAC|OHDSI|CPOE
`;

export const HEALTHCARE_SKILLS_CASE_SENSITIVE = CASE_SENSITIVE.trim().split(/[|\n]/);

export const HEALTHCARE_SKILLS: { name: string; synonyms: string[] }[] = ENTRIES.trim()
  .split('\n')
  .map((line) => {
    const [name = '', ...synonyms] = line.split('|').map((t) => t.trim());
    return { name, synonyms };
  });
