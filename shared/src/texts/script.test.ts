import { describe, expect, it } from '@jest/globals';
import { toCyrillic } from './script';
import { messages } from './common';
import { INVOICE_TEXTS } from './invoice';
import { VOUCHER_TEXTS } from './vouchers';

describe('toCyrillic', () => {
  it('writes every letter of the Bosnian alphabet as its Cyrillic one, in order', () => {
    expect(toCyrillic('a b c č ć d dž đ e f g h i j k l lj m n nj o p r s š t u v z ž')).toBe(
      'а б ц ч ћ д џ ђ е ф г х и ј к л љ м н њ о п р с ш т у в з ж',
    );
    expect(toCyrillic('A B C Č Ć D DŽ Đ E F G H I J K L LJ M N NJ O P R S Š T U V Z Ž')).toBe(
      'А Б Ц Ч Ћ Д Џ Ђ Е Ф Г Х И Ј К Л Љ М Н Њ О П Р С Ш Т У В З Ж',
    );
  });

  it('reads lj, nj and dž as one letter in every case they are written in', () => {
    expect(toCyrillic('Ljubljana, LJUBLJANA, ljiljan')).toBe('Љубљана, ЉУБЉАНА, љиљан');
    expect(toCyrillic('Njegoš, NJEGOŠ, konj')).toBe('Његош, ЊЕГОШ, коњ');
    expect(toCyrillic('Džemal Hodžić, DŽEMAL, džep')).toBe('Џемал Хоџић, ЏЕМАЛ, џеп');
    // Unicode's single characters for them, and a decomposed č.
    expect(toCyrillic('ǅemal ǈubav ǋiva \u01c4EP')).toBe('Џемал Љубав Њива ЏЕП');
    expect(toCyrillic('c\u030Cetvrtak')).toBe('четвртак');
  });

  it('keeps dj as two letters (only đ is ђ), and the digraphs two where a prefix meets a root', () => {
    expect(toCyrillic('građanin, gradjanin')).toBe('грађанин, градјанин');
    expect(toCyrillic('injekcija konjunkcija nadživjeti odžaliti podžupan')).toBe(
      'инјекција конјункција надживјети оджалити поджупан',
    );
  });

  it('keeps the names of the brand, the packages, the libraries, apps and cards as they are', () => {
    expect(toCyrillic('Uz StartON gledaš na 2, a uz MaxON na 4 uređaja u isto vrijeme.')).toBe(
      'Уз StartON гледаш на 2, а уз MaxON на 4 уређаја у исто вријеме.',
    );
    expect(toCyrillic('ON TV: online televizija za Bosnu i Hercegovinu')).toBe(
      'ON TV: онлајн телевизија за Босну и Херцеговину',
    );
    expect(toCyrillic('Akcija, krimi i avantura: omiljene serije i filmovi AXN-a, u videotekama Epic Drama')).toBe(
      'Акција, крими и авантура: омиљене серије и филмови AXN-а, у видеотекама Epic Drama',
    );
    expect(toCyrillic('Preuzmi na Google Play za Android TV ili iPhone')).toBe(
      'Преузми на Google Play за Android TV или iPhone',
    );
    expect(toCyrillic('Facebook (otvara se u novom prozoru)')).toBe('Facebook (отвара се у новом прозору)');
    expect(toCyrillic(INVOICE_TEXTS.meansByCard('Visa', '4242'))).toBe('Картицом Visa …4242');
  });

  it('writes TV, KM, PDV, PIN, SMS and BiH in Cyrillic, as a text in Cyrillic in BiH does', () => {
    expect(toCyrillic('TV kanali')).toBe('ТВ канали');
    expect(toCyrillic('12,90 KM mjesečno, PDV uključen')).toBe('12,90 КМ мјесечно, ПДВ укључен');
    expect(toCyrillic('Iznos bez PDV-a')).toBe('Износ без ПДВ-а');
    expect(toCyrillic('Promijeni PIN; kod šaljemo SMS-om u BiH')).toBe('Промијени ПИН; код шаљемо СМС-ом у БиХ');
  });

  it('keeps numbers, dates, e-mail and web addresses, codes and units as they are', () => {
    expect(toCyrillic(`${messages.support} podrska@ontv.ba`)).toBe('Корисничка подршка: podrska@ontv.ba');
    expect(toCyrillic('Piši na Amra.Hodzic+tv@mail.example.ba ili idi na https://ontv.ba/paketi?paket=maxon')).toBe(
      'Пиши на Amra.Hodzic+tv@mail.example.ba или иди на https://ontv.ba/paketi?paket=maxon',
    );
    expect(toCyrillic('Konfiguracija portala (portal.config.json) nije ispravna.')).toBe(
      'Конфигурација портала (portal.config.json) није исправна.',
    );
    expect(toCyrillic('Datum: 31.10.2025. u 14:05, iznos 1.234,56')).toBe('Датум: 31.10.2025. у 14:05, износ 1.234,56');
    expect(toCyrillic('Kod s vaučera, npr. ABCD-EFGH-JKLM-NPQR')).toBe('Код с ваучера, нпр. ABCD-EFGH-JKLM-NPQR');
    expect(toCyrillic(VOUCHER_TEXTS.means('K7QX'))).toBe('Ваучер …K7QX');
    expect(toCyrillic(VOUCHER_TEXTS.means('ABCD'))).toBe('Ваучер …ABCD');
    expect(toCyrillic('72 sata unazad (72 h), veza od 5 Mb/s, kanal N1')).toBe(
      '72 сата уназад (72 h), веза од 5 Mb/s, канал N1',
    );
    expect(toCyrillic('ON TV d.o.o.')).toBe('ON TV д.о.о.');
  });

  it('writes the English words our texts use as a Cyrillic text spells them, with their endings', () => {
    expect(toCyrillic('E-mail ili broj telefona; kod šaljemo e-mailom na e-mail adresu')).toBe(
      'Имејл или број телефона; код шаљемо имејлом на имејл адресу',
    );
    expect(toCyrillic('Mobitel, tablet, Android TV i web; u web pregledniku')).toBe(
      'Мобител, таблет, Android TV и веб; у веб прегледнику',
    );
  });

  it('changes nothing in a text already in Cyrillic: a second pass is the first', () => {
    const once = toCyrillic('Ljubav, njiva i džem: StartON za 12,90 KM, podrska@ontv.ba, Vaučer …ABCD');
    expect(toCyrillic(once)).toBe(once);
    expect(toCyrillic('Ћирилица и Latinica')).toBe('Ћирилица и Латиница');
    expect(toCyrillic('')).toBe('');
  });
});
