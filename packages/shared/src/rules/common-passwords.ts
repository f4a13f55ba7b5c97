// The most common passwords and password stems (sign-up forms, breach top lists, keyboard walks),
// written down offline: 600 entries. This is not the real top-100,000 breach list (the
// machine it was written on had no internet); rules/password.ts widens it by refusing these with
// digits, symbols, capitals or leetspeak around them, repeated characters and sequences.
export const COMMON_PASSWORDS_TEXT = `
0000 000000 010101 101010 1111 11111 111111 11111111 112233 11223344 112233445566 121212 121212121
123123 123123123 123321 1234 12341234 12344321 12345 123456 1234567 12345678 123456789 1234567890
1234abcd 1234asdf 1234qwer 123654 123789 123abc 123qwe 123qweasd 123qweasdzxc 12qwaszx 131313
147258 147258369 159357 159753 1password 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qa2ws3ed 1qaz2wsx 1qaz2wsx3edc
1qazxsw2 1qwerty 2000 222222 232323 258456 333333 420420 456789 555555 654321 666666 696969
741852963 777777 7777777 789456123 80486 8675309 87654321 888888 88888888 987654 987654321 999999
a123456 a1b2c3 a1b2c3d4 aa123456 aaaaaa abc123 abc12345 abc123456 abcd123 abcd1234 abcdef abcdefg
abcdefgh access access14 accessdenied adidas admin admin123 administrator alexander alexandra
amanda america amor amore andrea andrew android angel angel1 anthony anything apple april arsenal
arsenal1 asd123 asdf asdf1234 asdfasdf asdfgh asdfghjk asdfghjkl ashley ashley1 august austin
autumn autumn2025 azerty baby babyboy babygirl badboy bailey banana bank banking barcelona barney
baseball baseball1 baseball12 basketball batman batman1 bayern beautiful bigdaddy bigdog bitcoin
biteme blessed blink182 blowme booboo boomer boston boston1 brandon brandy bulldog business buster
california camaro canada carlos casper cerner changeit changeme charles charlie cheese chelsea
chelsea1 chester chicago chicago1 chicken chris christ clinic cocacola coffee company company123
compaq computer computer1 cookie corvette counter cowboy cowboys credit crypto crystal cutie cyber
dakota dallas dallas1 daniel daniel1 database december default desktop diablo diablo2 diamond
doctor doctor1 dollar dragon dragon1 dragon123 dragonball eagles edward enter epic ethereum euro
everything facebook faith falcon fall2024 family february fender ferrari fishing florida flower
football football1 football12 forever fortnite freedom friday friends gamer gaming gandalf gateway
george gfhjkm ghbdtn ginger gmail god goku golden golf golfer google guest guitar hacker halo3
hammer hannah hardcore harley health healthcare heather heaven hello hello1 hello123 hi123 hockey
hockey1 honey hope hospital hotmail hunter hunter1 hunter2 iceman iloveu iloveyou iloveyou1
internet internet1 iphone jackson james january jasmine jasper jennifer jennifer1 jessica jessica1
jesus johnny jordan jordan1 jordan23 joseph joshua july june junior justin juventus keyboard killer
killer1 klaster knight knight1 kobe24 lakers laptop lebron23 letmein letmein1 letmein123 letmeinnow
linkedin linux liverpool login london london1 love love123 lovelove lovely loveyou maggie
manchester march marina marine mario marlboro martin master master1 mastercard matrix matrix1
matthew maverick medical melissa mercedes merlin miami michael michael1 michelle michelle1 mickey
microsoft midnight milan miller minecraft mobilemail mom monday money money1 monitor monitor1
monitoring monkey monkey1 monkey123 monster montana moon morgan moscow mother mouse mustang
mustang1 mypass mypassword myspace myspace1 mysql naruto nascar natasha ncc1701 network newpass
newpassword newyork nicole nikita ninja nintendo nopassword nothing november nurse october office
oliver opensesame openup oracle orange outlook p@ssw0rd p@ssword pa55word panties paris pass
passpass passw0rd password password1 password12 password123 password1234 password2024 password2025
password2026 passwordpassword patient patrick peanut pepper pharmacy phoenix pikachu pirate player
player1 playstation please pokemon porsche postgres pretty prince princesa princess princess1
printer purple q1w2e3 q1w2e3r4 q1w2e3r4t5 qaz123 qazwsx qazwsxedc qwe123 qweasd qweasdzxc qwer1234
qwerty qwerty1 qwerty12 qwerty123 qwerty1234 qwertyqwerty qwertyu qwertyuiop qwertyuiop1 qwertz
rabbit rachel raiders ranger rangers realmadrid redsox referwell richard robert roblox root
samantha samsung samurai scooby scooter secret secret1 secret123 security september server shadow
shadow1 shadow12 silver slayer smokey snoopy soccer soccer1 something sonic sophie sparky spider
spring spring2024 spring2025 spring2026 spurs starcraft starwars starwars1 steelers steven strike
sugar summer summer1 summer2024 summer2025 summer2026 sunday sunshine sunshine1 superman superman1
sweetie sweety taylor teamo temp123 temp1234 temporary tennis tennis1 tequiero test test123
test1234 testing texas thomas thunder tigers tigger toor trustme trustno1 twitter ubuntu united
unknown usa123 user vegeta victoria viking visa volleyball wallet warcraft warrior welcome welcome1
welcome123 welcome2024 welcome2025 welcome2026 whatever whatever1 william windows winner winter
winter1 winter2024 winter2025 winter2026 wizard work123 wsx123 xbox360 xxxxxx yahoo yamaha yankees
yellow yourpassword youtube zaq12wsx zaq1zaq1 zelda zxc123 zxcv1234 zxcvbn zxcvbnm zxcvbnm1
`;
