import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { indexPage } from './page-index';
import { choosePosting, dataPostings } from './page-postings';

const page = (html: string) => indexPage(load(html));
const titles = (html: string) => dataPostings(page(html)).map((p) => p.title);

describe('postings in page data, whatever its shape', () => {
  it("reads a window state assignment and __NEXT_DATA__ JSON, with the posting's place, pay and skills", () => {
    const state = {
      job: {
        title: 'Data Engineer',
        location: { city: 'Portland', state: 'OR' },
        employmentType: 'FULL_TIME',
        salary: { min: 120000, max: 140000, currency: 'USD', period: 'year' },
        skills: ['Python', 'dbt'],
      },
    };
    const [posting] = dataPostings(page(`<script>window.__INITIAL_STATE__ = ${JSON.stringify(state)};</script>`));
    expect(posting).toMatchObject({
      title: 'Data Engineer',
      location: 'Portland, OR',
      employment: ['FULL_TIME'],
      salary: '$120,000 - $140,000 per year',
      skills: ['Python', 'dbt'],
      inList: false,
    });
    const next = {
      props: {
        pageProps: {
          offer: { title: 'Pharmacist', company: { name: 'Pillbox' }, workplace: { city: 'Poznań', remote: true } },
        },
      },
    };
    expect(
      dataPostings(page(`<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`))[0],
    ).toMatchObject({ title: 'Pharmacist', company: 'Pillbox', location: 'Remote, Poznań' });
  });

  it('reads an object passed to a function call and a __NUXT__ wrapper whose values are its arguments, without running it', () => {
    expect(
      titles(
        `<script>Widget.render(document.getElementById('x'), {"offre":{"intitule":"Ingénieur DevOps","lieu":{"ville":"Lyon"},"contrat":"CDI"}});</script>`,
      ),
    ).toEqual(['Ingénieur DevOps']);
    const nuxt = `<script>window.__NUXT__=(function(a,b){return {data:[{stilling:{tittel:"Integrasjonsutvikler",sted:{by:a},omfang:b,arbeidsgiver:{navn:"Fjord AS"}}}]}}("Oslo","Heltid"));</script>`;
    expect(dataPostings(page(nuxt))[0]).toMatchObject({
      title: 'Integrasjonsutvikler',
      location: 'Oslo',
      employment: ['Heltid'],
      company: 'Fjord AS',
    });
    // Calls inside the literal are not evaluated (and never run).
    expect(titles(`<script>mount({job: {title: steal(), location: "Berlin", type: "Vollzeit"}});</script>`)).toEqual(
      [],
    );
  });

  it('reads hidden inputs and data attributes, marking postings that stand in a list', () => {
    const list = JSON.stringify([
      { titulo: 'Rececionista', local: 'Braga', tipo: 'Contrato a termo' },
      { titulo: 'Técnico de Sistemas', local: 'Porto', tipo: 'Tempo inteiro' },
    ]).replace(/"/g, '&quot;');
    const fromInput = dataPostings(page(`<input type="hidden" name="ofertas" value="${list}">`));
    expect(fromInput.map((p) => [p.title, p.inList])).toEqual([
      ['Rececionista', true],
      ['Técnico de Sistemas', true],
    ]);
    const attr = `<div data-vacancy='{"functietitel":"Data engineer","standplaats":{"plaats":"Utrecht"},"dienstverband":"Vast"}'></div>`;
    expect(titles(attr)).toEqual(['Data engineer']);
  });

  it('chooses the posting the page shows, or whose id is in the address; none when all are other jobs', () => {
    const postings = dataPostings(
      page(
        `<script>window.s = {"featured":[{"id":"t-1","title":"Toimistosihteeri","location":"Rovaniemi","type":"Osa-aikainen"},{"id":"t-2","title":"Kuntoutusohjaaja","location":"Kajaani","type":"Määräaikainen"}],"job":{"id":"t-118","slug":"fysioterapeutti-oulu","title":"Fysioterapeutti","location":"Oulu","employmentType":"Vakituinen"}};</script>`,
      ),
    );
    expect(choosePosting(postings, ['Kuntoutusohjaaja'], 'https://x.example/jobs')?.title).toBe('Kuntoutusohjaaja');
    expect(
      choosePosting(postings, ['Avoimet työpaikat'], 'https://x.example/tyopaikat/fysioterapeutti-oulu')?.title,
    ).toBe('Fysioterapeutti');
    expect(
      choosePosting(
        postings.filter((p) => p.inList),
        ['Avoimet työpaikat'],
        'https://x.example/',
      ),
    ).toBeNull();
  });
});
