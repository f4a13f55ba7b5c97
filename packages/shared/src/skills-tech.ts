/**
 * Engineering and business tools job postings name: security, infrastructure and delivery, cloud services, data and
 * analytics, testing and quality systems, languages and frameworks, business software. One entry a line:
 * 'Name|synonym|synonym'. Specific tools are their own entries (Jenkins is not folded into CI/CD).
 */
const ENTRIES = `
CISSP
CISM
CISA
CEH
Security+|CompTIA Security+
OSCP
CompTIA A+
CCNA
ITIL
PMP
Six Sigma|Lean Six Sigma
Lean
Prince2
Scaled Agile|SAFe
SIEM
Splunk
Microsoft Sentinel|Azure Sentinel
CrowdStrike
Tenable|Nessus
Qualys
Rapid7
Palo Alto Networks|Palo Alto firewalls
Fortinet|FortiGate
Okta
Azure AD|Entra ID|Azure Active Directory
Active Directory
SAML
OAuth|OAuth 2.0|OpenID Connect|OIDC
SSO|single sign-on
IAM
Zero Trust
Vulnerability management
Incident response
Penetration testing|pentesting
Threat modeling
Encryption
DLP|data loss prevention
Imprivata
Datadog
PagerDuty
Prometheus
Grafana
New Relic
Sentry
OpenTelemetry
ELK|ELK stack|Kibana|Logstash
Jenkins
GitHub Actions
GitLab CI|GitLab CI/CD
CircleCI
Azure DevOps
ArgoCD|Argo CD
Helm
Ansible
Chef
Puppet
Pulumi
CloudFormation|AWS CloudFormation
Packer
Vault|HashiCorp Vault
Istio
NGINX
Apache HTTP Server
Windows Server
VMware|vSphere
Citrix
Hyper-V
Microsoft 365|Office 365|O365
Intune
SCCM|MECM
PowerShell
AWS Lambda|Lambda
Amazon S3|S3
Amazon EC2|EC2
Amazon RDS|RDS
DynamoDB
AWS HealthLake|HealthLake
SageMaker|AWS SageMaker
Amazon Redshift|Redshift
AWS Glue
Azure Data Factory
Azure Synapse|Synapse Analytics
Azure Health Data Services|Azure API for FHIR
Google Cloud Healthcare API|Healthcare API
BigQuery
Databricks
Delta Lake
Microsoft Fabric
Informatica
Talend
Fivetran
Stitch
Matillion
SSIS
SSRS
SQL Server|MS SQL|Microsoft SQL Server
SAS
SPSS
Stata
Metabase
Qlik|QlikView|Qlik Sense
Sisense
Amplitude
Mixpanel
Segment
Heap
Google Analytics|GA4
Crystal Reports
Business Objects|SAP BusinessObjects
Alteryx
Visio|Microsoft Visio
Smartsheet
Asana
Monday.com
Trello
Notion
Airtable
Miro
Lucidchart
Salesforce|SFDC
Salesforce Health Cloud|Health Cloud
HubSpot
Gainsight
Zendesk
ServiceNow
Freshdesk
Intercom
Twilio
Stripe
DocuSign
Workday
MuleSoft
Boomi|Dell Boomi
Apigee
Kong
Postman
Swagger|OpenAPI
gRPC
WebSockets
RabbitMQ
Amazon SQS|SQS
Amazon SNS|SNS
Celery
Microservices|microservice architecture
Event-driven architecture
Domain-driven design|DDD
TDD|test-driven development
Selenium
Cypress
Playwright
Jest
Mocha
JUnit
pytest
Robot Framework
Cucumber
Appium
LoadRunner
JMeter
TestRail
Jama Connect|Jama
Polarion
DOORS|IBM DOORS
Tosca|Tricentis Tosca
HP ALM|ALM
Tailwind CSS|Tailwind
Redux
Svelte
jQuery
HTML|HTML5
CSS|CSS3
Sass|SCSS
Webpack
Vite
WCAG|accessibility standards|Section 508
iOS
Android
Objective-C
Xamarin
Ionic
Qt
Embedded C
RTOS|real-time operating system
FreeRTOS
Zephyr|Zephyr RTOS|Zephyr Project
ThreadX|Azure RTOS|Eclipse ThreadX
VxWorks
QNX
embOS
µC/OS|uC/OS|MicroC/OS
SafeRTOS
RTEMS
INTEGRITY RTOS|Green Hills INTEGRITY
Nucleus RTOS
Tcl|Tcl/Tk|TCL scripting
SAP|SAP ERP|SAP S/4HANA
Storybook
Oracle Database|Oracle DB
Embedded Linux
Bluetooth Low Energy|BLE|Bluetooth
MATLAB
LabVIEW
CUDA
OpenCV
Computer Vision
Deep Learning
scikit-learn|sklearn
Keras
XGBoost
Hugging Face|Hugging Face Transformers
LLMs|large language models|LLM
OpenAI|GPT-4
LangChain
RAG|retrieval-augmented generation
MLOps
MLflow
Kubeflow
Whisper
spaCy
NumPy
Jupyter
Statistical modeling|statistical modelling
Data modeling
Data warehousing|data warehouse
ETL|ELT
Data governance
Master data management|MDM
Data quality
NoSQL
Cassandra
Neo4j
Elixir
Erlang
Haskell
Clojure
Perl
Dart
Lua
COBOL
Fortran
Groovy
Visual Basic|VBA
Laravel
Symfony
NestJS
Hibernate
Entity Framework
Blazor
gRPC-Web
Unity
WordPress
Drupal
Shopify
Webflow
Contentful
Sanity
Microsoft Office|MS Office
PowerPoint|Microsoft PowerPoint|MS PowerPoint
SharePoint|Microsoft SharePoint
Microsoft Teams|MS Teams
Power Automate|Microsoft Flow
Power Apps|PowerApps
Dynamics 365|Microsoft Dynamics 365|D365
Microsoft Exchange|Exchange Server
MS Project|Microsoft Project
Microsoft Access|MS Access
Power Query
Power Pivot
DAX
SSAS|SQL Server Analysis Services
Google Sheets
Google Workspace|G Suite
Looker Studio|Google Data Studio
Zabbix
Nagios
PRTG
Icinga
SolarWinds
Dynatrace
AppDynamics
Veeam
Commvault
Proxmox
Nutanix
OpenStack
Firebase
Supabase
Heroku
Vercel
Netlify
Cloudflare
TestNG
SoapUI
Katalon
Gatling
k6|Grafana k6
Allure
Zephyr Scale
BrowserStack
Sauce Labs
SonarQube
Checkmarx
Snyk
Burp Suite
OWASP Top 10
Wireshark
Metasploit
Nmap
Apache NiFi|NiFi
Apache Beam
Apache Flink|Flink
Hadoop|Apache Hadoop
Hive|Apache Hive
Trino
Presto|PrestoDB
Dagster
Prefect
Great Expectations
Apache Superset|Superset
Redash
MicroStrategy
Cognos|IBM Cognos
OBIEE|Oracle BI
Bitbucket
TeamCity
Bamboo
Octopus Deploy
Artifactory|JFrog Artifactory
Podman
OpenShift|Red Hat OpenShift
Rancher
Consul|HashiCorp Consul
Traefik
Envoy
Linkerd
Kustomize
AWS CDK
Bicep|Azure Bicep
ARM templates
RHEL|Red Hat Enterprise Linux
Ubuntu
Debian
CentOS
macOS
Unix
Apache Tomcat|Tomcat
IIS|Internet Information Services
HAProxy
TCP/IP
DNS
DHCP
VPN
VLAN
Cisco IOS
Quarkus
Micronaut
Jetpack Compose
Electron
Nuxt|Nuxt.js
Gatsby
RxJS
NgRx
Material UI|MUI
Bootstrap
Three.js
D3.js
Chart.js
Highcharts
Plotly
Matplotlib
Seaborn
ggplot2
Streamlit
Prisma
TypeORM
Sequelize
SQLAlchemy
Pydantic
WebAssembly|Wasm
WebRTC
Socket.IO
Jakarta EE|Java EE|J2EE
Maven
Gradle
Visual Studio
Visual Studio Code|VS Code
IntelliJ IDEA|IntelliJ
Xcode
Android Studio
BPMN
UML
`;

/** Terms that are also ordinary words or abbreviations: matched only with this exact capitalisation. */
const CASE_SENSITIVE = `
Lean|Chef|Puppet|Zephyr|Tcl|SAP|QNX|RTEMS|embOS|Vault|Helm|Lambda|Segment|Heap|Stitch|Notion|Kong|Jest|Mocha|Cucumber|Jama|DOORS
Tosca|ALM|Sanity|Unity|Dart|Lua|Qt|Sass|Vite|Ionic|Redux|Svelte|Sentry|Splunk|Okta|Workday|Asana
Trello|Miro|Celery|Whisper|SAS|Stata|Delta Lake|IAM|SSO|Android|Lucidchart|Heap|S3|EC2|RDS|SNS|SQS
TDD|DDD|BLE|Bluetooth|RAG|LLM|LLMs|MDM|NoSQL|ELT|ETL|ELK|HTML|CSS|OIDC|SAML|SIEM|DLP|ITIL|PMP|SAFe
DAX|PRTG|Allure|Hive|Prefect|Great Expectations|Bamboo|Consul|Envoy|Rancher|Bicep|Bootstrap|Electron|Gatsby|Prisma
IIS|DNS|DHCP|VPN|VLAN|MUI|UML|BPMN|Unix|Flink|Redash|Superset|Trino|Presto|Podman|Wasm
`;

export const TECH_SKILLS_CASE_SENSITIVE = CASE_SENSITIVE.trim().split(/[|\n]/);

export const TECH_SKILLS: { name: string; synonyms: string[] }[] = ENTRIES.trim()
  .split('\n')
  .map((line) => {
    const [name = '', ...synonyms] = line.split('|').map((t) => t.trim());
    return { name, synonyms };
  });
