/**
 * Name pools of the demo persons, one per naming culture. The pools mix common given names and
 * surnames of each region, so combinations are plausible but (almost always) no real person's; famous
 * footballers' surnames are left out on purpose. Pools deliberately contain the characters and shapes
 * that trip up software: accents and other diacritics, apostrophes, particles with spaces, macrons.
 */

/** A naming culture; every demo country has one (countries.ts). */
export type Culture =
  | 'hispanic' | 'rioplatense' | 'brazilian' | 'portuguese' | 'french' | 'westAfricaFr' | 'anglophone'
  | 'irish' | 'anglophoneAfrica' | 'caribbean' | 'curacao' | 'dutch' | 'german' | 'nordic' | 'icelandic'
  | 'italian' | 'balkan' | 'turkish' | 'arabic' | 'maghreb' | 'persian' | 'japanese' | 'korean' | 'chinese'
  | 'pacific';

/** Given names, optional middle names and surnames of one culture. */
export interface NamePool {
  /** Given names (for eastern cultures: the personal name). */
  readonly first: readonly string[];
  /** Surnames (for eastern cultures: the family name). */
  readonly last: readonly string[];
  /** Second given names for the `middle` name order; the first-name pool when absent. */
  readonly second?: readonly string[];
}

const HISPANIC_FIRST = [
  'Alejandro', 'Andrés', 'Ángel', 'Carlos', 'Diego', 'Emilio', 'Fernando', 'Gonzalo', 'Héctor', 'Iván', 'Javier',
  'Joaquín', 'Jorge', 'José', 'Juan', 'Julián', 'Manuel', 'Martín', 'Matías', 'Nicolás', 'Pablo', 'Rodrigo',
  'Rubén', 'Santiago', 'Sergio', 'Tomás', 'Víctor', 'Íñigo', 'Álvaro', 'Raúl', 'Adrián', 'Óscar',
];

const HISPANIC_LAST = [
  'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Díaz',
  'Muñoz', 'Álvarez', 'Romero', 'Ruiz', 'Ortega', 'Castillo', 'Núñez', 'Nuñez', 'Herrera', 'Medina', 'Vázquez',
  'Ibáñez', 'Peña', 'Cabrera', 'Domínguez', 'De la Cruz', 'De León', 'Del Río', 'Aguirre', 'Salcedo',
  'Iturbe', 'Echeverría', 'Villalba', 'Cordero', 'Montoya', 'Quiñones',
];

const PORTUGUESE_FIRST = [
  'João', 'Pedro', 'Tiago', 'Rafael', 'Gonçalo', 'Rúben', 'André', 'Bruno', 'Diogo', 'Luís', 'Vítor', 'Lucas',
  'Gabriel', 'Matheus', 'Felipe', 'Thiago', 'Caio', 'Vinícius', 'Léo', 'Éverton', 'Renan', 'Igor', 'Murilo',
];

const PORTUGUESE_LAST = [
  'Silva', 'Santos', 'dos Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Ferreira', 'Almeida', 'Carvalho',
  'Rodrigues', 'Gonçalves', 'Araújo', 'Barbosa', 'da Silva', 'Nascimento', 'Conceição', 'Magalhães', 'Moura',
  'Teixeira', 'da Cunha', 'Brandão', 'Lacerda',
];

const ANGLO_FIRST = [
  'James', 'Jack', 'Harry', 'Oliver', 'George', 'Thomas', 'Callum', 'Ryan', 'Connor', 'Liam', 'Daniel', 'Kieran',
  'Jordan', 'Lewis', 'Ethan', 'Nathan', 'Owen', 'Jamie', 'Aaron', 'Ben', 'Tyler', 'Mason',
];

/** The pools by culture. */
export const NAME_POOLS: Readonly<Record<Culture, NamePool>> = {
  hispanic: { first: HISPANIC_FIRST, last: HISPANIC_LAST },
  // Argentina and Uruguay: Spanish given names, a strong Italian share among surnames.
  rioplatense: {
    first: [...HISPANIC_FIRST, 'Franco', 'Lautaro', 'Thiago', 'Valentín', 'Facundo', 'Agustín'],
    last: [...HISPANIC_LAST.slice(0, 20), 'Bianchi', 'Lombardi', 'Ferraro', 'Lo Presti', 'D\'Alessio', 'Giménez',
      'Benítez', 'Acuña', 'Sosa', 'Pereyra'],
  },
  brazilian: { first: PORTUGUESE_FIRST, last: PORTUGUESE_LAST, second: ['Pedro', 'Paulo', 'Henrique', 'Gabriel', 'Vítor', 'Carlos', 'Augusto'] },
  portuguese: { first: PORTUGUESE_FIRST, last: PORTUGUESE_LAST, second: ['Miguel', 'Manuel', 'Pedro', 'Filipe', 'José', 'António'] },
  french: {
    first: ['Antoine', 'Baptiste', 'Clément', 'Étienne', 'Florian', 'Grégoire', 'Hugo', 'Jérémy', 'Kévin', 'Loïc',
      'Mathis', 'Maxime', 'Nicolas', 'Quentin', 'Rémi', 'Théo', 'Valentin', 'Yannick', 'Benoît', 'Raphaël', 'Jean-Baptiste'],
    last: ['Lefèvre', 'Moreau', 'Dubois', 'Girard', 'Lambert', 'Fontaine', 'Chevalier', 'Rousseau', 'Mercier',
      'Faure', 'Bonnet', 'Lemaire', 'Duval', 'Perrin', 'Gauthier', 'Leclerc', 'Barbier', 'Hébert', 'Le Goff',
      'Le Bihan', 'Delacroix', 'D\'Amato', 'Descamps', 'Ménard'],
  },
  westAfricaFr: {
    first: ['Moussa', 'Ibrahima', 'Cheikh', 'Mamadou', 'Abdoulaye', 'Ousmane', 'Serge', 'Yao', 'Wilfried',
      'Jean-Philippe', 'Sékou', 'Lamine', 'Aliou', 'Bakary', 'Idrissa', 'Pape', 'Souleymane', 'Kouadio', 'Arnaud'],
    last: ['N\'Diaye', 'Diallo', 'Sow', 'Ba', 'Traoré', 'Koné', 'Touré', 'Coulibaly', 'Kouassi', 'Konan', 'Gueye',
      'Sarr', 'Cissé', 'Diop', 'Bamba', 'N\'Guessan', 'Kouamé', 'Fofana', 'Sylla', 'Camara', 'Mbaye', 'Faye',
      'Zadi', 'Ekwalla', 'Mbarga'],
  },
  anglophone: {
    first: ANGLO_FIRST,
    last: ['Smith', 'Taylor', 'Walker', 'Wright', 'Hughes', 'Edwards', 'Clarke', 'Turner', 'Hill', 'Ward',
      'Morgan', 'Bennett', 'O\'Connor', 'McKenna', 'MacLeod', 'Fletcher', 'Sutherland', 'Ashworth', 'Pemberton',
      'Whitfield', 'Holloway', 'Brennan'],
  },
  irish: {
    first: ['Seán', 'Ciarán', 'Pádraig', 'Eoin', 'Darragh', 'Cillian', 'Niall', 'Rory', 'Conor', 'Aidan', 'Oisín'],
    last: ['O\'Neill', 'O\'Brien', 'O\'Sullivan', 'Ó Súilleabháin', 'McCarthy', 'Byrne', 'Kavanagh',
      'Ó Dónaill', 'Fitzgerald', 'Doyle', 'Mac Giolla'],
  },
  anglophoneAfrica: {
    first: ['Chinedu', 'Emeka', 'Oluwaseun', 'Kwame', 'Kofi', 'Yaw', 'Samuel', 'Emmanuel', 'Victor', 'Thabo',
      'Sipho', 'Tunde', 'Kelechi', 'Nana'],
    last: ['Okafor', 'Adeyemi', 'Okonkwo', 'Mensah', 'Asante', 'Owusu', 'Nkosi', 'Dlamini', 'Eze', 'Adebayo',
      'Ofori', 'Mokoena', 'Nwachukwu'],
  },
  caribbean: {
    first: ['Andre', 'Damion', 'Kemar', 'Shamar', 'Jevaughn', 'Keston', 'Marlon', 'Ricardo', 'Dwayne', 'Nathaniel'],
    last: ['Campbell', 'Williams', 'Richards', 'Baptiste', 'Joseph', 'St. Clair', 'Gordon', 'Brown', 'Alleyne',
      'Charles', 'Phillip'],
  },
  curacao: {
    first: ['Jurich', 'Rangelo', 'Shurandy', 'Quincy', 'Gevaro', 'Roshon', 'Jearl', 'Kenji', 'Elson'],
    last: ['Martina', 'Isenia', 'Felida', 'Statia', 'Zimmerman', 'Maria', 'Doran', 'Rosaria', 'de Windt'],
  },
  dutch: {
    first: ['Daan', 'Sem', 'Thijs', 'Bram', 'Joris', 'Jesper', 'Niels', 'Stijn', 'Wout', 'Pieter', 'Sjoerd'],
    last: ['van der Berg', 'de Vries', 'Jansen', 'Bakker', 'Visser', 'van den Bosch', 'Smit', 'Meijer',
      'van Leeuwen', 'Kuipers', 'ter Horst', 'Hoekstra'],
  },
  german: {
    first: ['Lukas', 'Jonas', 'Leon', 'Felix', 'Maximilian', 'Tobias', 'Niklas', 'Jannik', 'Florian', 'Matthias', 'Jürgen'],
    last: ['Müller', 'Schröder', 'Weiß', 'Krüger', 'Böhm', 'Schäfer', 'Hoffmann', 'Wagner', 'Zimmermann',
      'Köhler', 'von Stetten', 'Preuß'],
  },
  nordic: {
    first: ['Søren', 'Magnus', 'Erik', 'Mads', 'Jonas', 'Anders', 'Rasmus', 'Henrik', 'Sindre', 'Ola', 'Emil',
      'Jørgen', 'Håkon', 'Tobias'],
    last: ['Sørensen', 'Nilsen', 'Johansen', 'Berg', 'Østby', 'Løvås', 'Bakke', 'Strand', 'Holm', 'Dahl',
      'Kristiansen', 'Mæhle', 'Østergaard', 'Fjære'],
  },
  icelandic: {
    first: ['Gunnar', 'Jón', 'Aron', 'Birkir', 'Hörður', 'Rúnar', 'Kári', 'Ragnar', 'Þórir'],
    last: ['Jónsson', 'Gunnarsson', 'Sigurðsson', 'Þórsson', 'Halldórsson', 'Eiríksson', 'Guðmundsson'],
  },
  italian: {
    first: ['Lorenzo', 'Matteo', 'Davide', 'Federico', 'Simone', 'Alessandro', 'Riccardo', 'Niccolò', 'Gianluca'],
    last: ['D\'Amato', 'Rossi', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
      'De Luca', 'Lo Bianco', 'D\'Angelo'],
  },
  balkan: {
    first: ['Luka', 'Marko', 'Nikola', 'Stefan', 'Ivan', 'Dušan', 'Đorđe', 'Mateo', 'Filip', 'Edin', 'Haris',
      'Amir', 'Miloš', 'Nemanja', 'Ante', 'Dženan'],
    last: ['Đorđević', 'Petrović', 'Jovanović', 'Kovačević', 'Babić', 'Marić', 'Hadžić', 'Begović', 'Šimić',
      'Perić', 'Vuković', 'Knežević', 'Mujić', 'Tomić', 'Lukić', 'Žižić'],
  },
  turkish: {
    first: ['Emre', 'Burak', 'Mert', 'Oğuz', 'Çağlar', 'Arda', 'Kerem', 'Yusuf', 'Barış', 'Doğan', 'Hakan',
      'Serkan', 'Onur', 'Uğur', 'Mehmet', 'İsmail'],
    last: ['Çelik', 'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Öztürk', 'Aydın', 'Arslan', 'Doğan', 'Koç', 'Kılıç',
      'Aksoy', 'Yıldız', 'Güneş', 'Özdemir'],
  },
  arabic: {
    first: ['Mohamed', 'Ahmed', 'Youssef', 'Omar', 'Karim', 'Hamza', 'Tarek', 'Khalid', 'Abdullah', 'Fahad',
      'Salem', 'Ali', 'Hassan', 'Nabil', 'Mostafa'],
    last: ['El-Sayed', 'Abdel-Rahman', 'Al-Harbi', 'Al-Dosari', 'Al-Marri', 'Haddad', 'Mansour', 'Fawzy',
      'Al-Qahtani', 'Al-Shehri', 'Farouk', 'Abou Zeid'],
  },
  maghreb: {
    first: ['Achraf', 'Hakim', 'Youssef', 'Anass', 'Soufiane', 'Ilias', 'Zakaria', 'Mehdi', 'Ayoub', 'Badr'],
    last: ['El Amrani', 'Bennani', 'Tazi', 'Idrissi', 'Benali', 'Ouazzani', 'Chakir', 'El Khalfi', 'Ait Lahcen',
      'Berrada'],
  },
  persian: {
    first: ['Ali', 'Reza', 'Mehdi', 'Saeed', 'Hossein', 'Amir', 'Milad', 'Omid', 'Sardar', 'Ehsan'],
    last: ['Rezaei', 'Karimi', 'Hosseini', 'Ahmadi', 'Mohammadi', 'Jafari', 'Moradi', 'Tehrani', 'Ghasemi'],
  },
  // Eastern cultures: `first` is the personal name, `last` the family name (written first).
  japanese: {
    first: ['Takumi', 'Haruto', 'Ren', 'Daiki', 'Kenta', 'Shota', 'Yuto', 'Sota', 'Kaito', 'Riku', 'Hiroki',
      'Kazuki', 'Ryota', 'Yusuke', 'Shun', 'Kōki', 'Yūma'],
    last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi',
      'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Matsumoto', 'Inoue', 'Kimura', 'Hayashida', 'Shimizu', 'Ōta',
      'Saitō', 'Kondō', 'Ōno'],
  },
  korean: {
    first: ['Min-jun', 'Seo-jun', 'Ji-ho', 'Hyun-woo', 'Jae-sung', 'Dong-hyun', 'Sung-min', 'Tae-yang', 'Woo-jin'],
    last: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim'],
  },
  chinese: {
    first: ['Wei', 'Hao', 'Lei', 'Jun', 'Yifan', 'Zhiwei', 'Haoran', 'Yuchen', 'Zihao'],
    last: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu'],
  },
  pacific: {
    first: ['Setareki', 'Josaia', 'Mesake', 'Tevita', 'Iliesa', 'Waisake', 'Nigel', 'Raymond', 'Alwin', 'Kolinio'],
    last: ['Naivalu', 'Rokodua', 'Waqa', 'Kama', 'Kepi', 'Aisi', 'Tuivuna', 'Ravuvu', 'Komolong', 'Sabua'],
  },
};

/**
 * Football nicknames by culture. A Brazilian player is often known only by a nickname; a few players
 * elsewhere by one too. Each nickname is handed out at most once per dataset, so it names one person.
 */
export const NICKNAMES: Readonly<Partial<Record<Culture, readonly string[]>>> = {
  brazilian: ['Dudu', 'Juninho', 'Tiquinho', 'Zeca', 'Nenê', 'Didi', 'Careca', 'Serginho', 'Paulinho',
    'Fabinho', 'Cacá', 'Toninho', 'Jajá', 'Pepê', 'Biro', 'Zé Rafael', 'Léo Baiano', 'Guga', 'Tchê', 'Chiquinho',
    'Formiga', 'Bolinha', 'Xandão', 'Gabrielzinho'],
  portuguese: ['Zé', 'Tó', 'Quim', 'Chico', 'Nélson Sá'],
  hispanic: ['Chucho', 'Pato', 'Cholo', 'Toro', 'Pipa'],
  rioplatense: ['Tucu', 'Pitu', 'Chino', 'Ruso', 'Mono'],
  westAfricaFr: ['Papiss', 'Tito'],
  turkish: ['Kartal'],
};
