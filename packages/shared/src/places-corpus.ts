/**
 * Job and profile locations as people write them, with what the place reader (locations-data.ts `readLocation`) should
 * make of each, summarised by `placeSummary`: 'City|CC-REGION' for a city, 'CC-REGION' for a region, 'CC' for a
 * country, 'remote:CC' for remote work open to a country ('remote:*' when none is said), joined with ' + '.
 *
 * HELD_OUT was written before the reader and is not looked at while tuning it; TUNING is what the reader was built
 * against. places-corpus.test.ts reports both figures.
 */
export const HELD_OUT: [string, string][] = [
  ['Cambridge, MA', 'Cambridge|US-MA'],
  ['Remote, United States', 'remote:US'],
  ['Seattle, Washington', 'Seattle|US-WA'],
  ['Toronto, Ontario, Canada', 'Toronto|CA-08'],
  ['Remote - Canada', 'remote:CA'],
  ['Hybrid (Denver, CO)', 'Denver|US-CO'],
  ['Munich, Germany', 'Munich|DE-02'],
  ['Dublin, Ireland', 'Dublin|IE-L'],
  ['Minneapolis, MN', 'Minneapolis|US-MN'],
  ['Philadelphia, PA 19103', 'Philadelphia|US-PA'],
  ['United Kingdom', 'GB'],
  ['London, UK', 'London|GB-ENG'],
  ['Remote (EMEA)', 'remote:*'],
  ['Nashville, Tennessee', 'Nashville|US-TN'],
  ['On-site - Salt Lake City, UT', 'Salt Lake City|US-UT'],
  ['Austin, TX or Remote', 'Austin|US-TX + remote:*'],
  ['US Remote', 'remote:US'],
  ['Sydney NSW, Australia', 'Sydney|AU-02'],
  ['Chicago', 'Chicago|US-IL'],
  ['Atlanta, GA, USA', 'Atlanta|US-GA'],
  ['Paris, France', 'Paris|FR-11'],
  ['Bengaluru, Karnataka, India', 'Bengaluru|IN-19'],
  ['Work from home', 'remote:*'],
  ['Portland, ME', 'Portland|US-ME'],
];

export const TUNING: [string, string][] = [
  ['Boston, MA', 'Boston|US-MA'],
  ['Hybrid — Nashville, TN', 'Nashville|US-TN'],
  ['Hybrid - Boston, MA', 'Boston|US-MA'],
  ['Remote (US)', 'remote:US'],
  ['Remote', 'remote:*'],
  ['Remote - USA', 'remote:US'],
  ['Remote (US, Canada)', 'remote:CA + remote:US'],
  ['Chicago, IL', 'Chicago|US-IL'],
  ['Austin, TX', 'Austin|US-TX'],
  ['Massachusetts', 'US-MA'],
  ['MA', 'US-MA'],
  ['Germany', 'DE'],
  ['Berlin, Germany', 'Berlin|DE-16'],
  ['New York, NY', 'New York City|US-NY'],
  ['San Francisco, CA', 'San Francisco|US-CA'],
  ['Portland, OR', 'Portland|US-OR'],
  ['Boston, MA; New York, NY', 'Boston|US-MA + New York City|US-NY'],
  ['London, England, United Kingdom', 'London|GB-ENG'],
  ['Toronto, ON', 'Toronto|CA-08'],
  ['Remote in Texas', 'remote:US'],
  ['Boston', 'Boston|US-MA'],
  ['Smallville, MA', 'Smallville|US-MA'],
  ['On-site', ''],
  ['Nashville, TN 37203', 'Nashville|US-TN'],
  ['Los Angeles, California, United States', 'Los Angeles|US-CA'],
  ['Remote — United Kingdom', 'remote:GB'],
  ['Amsterdam, Netherlands', 'Amsterdam|NL-07'],
];
