// The most used passwords of 8 characters or more (shorter ones fail the length rule anyway),
// from the well-known public lists (SecLists' 10k-most-common, NordPass and the "Have I Been
// Pwned" top entries), plus the Spanish ones our users would pick. Lowercase: the check is
// case-insensitive, and it also catches these followed by digits or symbols ("password2026!").
// Short on purpose: it ships to the browser with the sign-up form's schema.
const LIST = `
password password1 password12 password123 passw0rd p@ssw0rd p@ssword passwort motdepasse
12345678 123456789 1234567890 12345678910 0123456789 87654321 987654321 9876543210 11111111
111111111 1111111111 00000000 000000000 0000000000 22222222 55555555 66666666 77777777 88888888
99999999 12121212 11223344 12341234 12344321 13131313 12312312 123123123 1234512345 147258369
123654789 741852963 159753456 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 q1w2e3r4
q1w2e3r4t5 qwertyuiop qwertyui qwerty123 qwerty12 qwerty1234 qwertyuiop123 asdfghjkl asdfghjk
asdf1234 zxcvbnm1 zxcvbnm123 qazwsxedc 1234qwer qwer1234 abcd1234 abc12345 abcdefgh abcdefg1
aa123456 a1234567 a12345678 123456aa 123456abc iloveyou iloveyou1 iloveyou2 sunshine princess
princesa football football1 baseball welcome1 welcome123 superman batman123 starwars trustno1
whatever jennifer michelle computer corvette mercedes mustang1 dragon123 monkey123 shadow123
master123 letmein1 letmein123 charlie1 jordan23 liverpool chelsea1 arsenal1 barcelona
realmadrid manchester michael1 jessica1 ashley12 daniel123 andrew12 hannah12 samantha
butterfly elizabeth christian chocolate cookie123 pokemon1 minecraft fortnite loveyou1
lovelove ilovegod blessed1 jesus123 jesuschrist 1234abcd admin123 administrator administrador
root1234 changeme changeme1 default1 guest123 test1234 testtest secret123 internet
unknown1 nothing1 freedom1 asdasdasd qweqweqwe zxczxczxc azertyuiop azerty123 aaaaaaaa
abc123456 abcabc123 123qweasd 123qweasdzxc qweasdzxc qweasd123 1q2w3e4r5t6y 123abc123
contraseña contrasena contraseña1 contrasena1 contraseña123 contrasena123 micontraseña
micontrasena contraseñas clave123 claveclave 12345678a teamo123 teamomucho tequiero
tequieromucho mexico123 mexico2020 mexicano chivas123 chivasrayadas americaame america123
cruzazul pumasunam tigres123 rayados1 guadalupe fernanda1 alejandro alejandra gabriela
mariana1 daniela1 valentina sebastian santiago1 mariposa princesa1 corazones amorcito
amormio123 teamomas hermosa1 bonita123 estrella dragonball naruto123 goku1234 holahola
hola1234 hola12345 holamundo bienvenido bienvenida dios1234 diosesamor jesucristo
angelito angelica1 lunaluna chocolate1 perrito1 gatito123 futbol123 barcelona1 realmadrid1
messi1010 cristiano cr7cr7cr7 ronaldo7 ronaldinho
`;

/** Lowercased common passwords (see the list's source above). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
